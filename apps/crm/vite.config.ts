import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
// The cabinet's build step (brotli and gzip copies beside each file), shared as build tooling.
import { precompress } from '../web/build/precompress';

const API_SERVER = 'http://localhost:3000';

const REACT = /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;

/**
 * The operator console: its own bundle under /crm/, served by the same server
 * (apps/server/src/http/static-crm.ts). Nothing of it is in the client cabinet's build.
 */
export default defineConfig({
  base: '/crm/',
  plugins: [react(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5174,
    strictPort: true,
    proxy: { '/api': { target: API_SERVER, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [{ name: 'react', test: REACT, priority: 1 }] },
      },
    },
  },
});
