import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
// The cabinet's build steps (brotli and gzip copies beside each file, React Router's production
// build, the renderer check), shared as build tooling.
import { precompress } from '../web/build/precompress';
import { reactRouterAliases } from '../web/build/react-router-alias';
import { rendererGuard } from '../web/build/renderer-guard';

const API_SERVER = 'http://localhost:3000';

const REACT = /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;

/**
 * The operator console: its own bundle under /crm/, served by the same server
 * (apps/server/src/http/static-crm.ts). Nothing of it is in the client cabinet's build.
 */
const SOURCE = { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) };

export default defineConfig(({ command }) => ({
  base: '/crm/',
  plugins: [react(), rendererGuard(), precompress()],
  resolve: {
    alias: command === 'build' ? [SOURCE, ...reactRouterAliases('production')] : [SOURCE],
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
        codeSplitting: {
          groups: [
            // Its own file name lets the error guard recognise inputmask's errors (main.tsx).
            { name: 'inputmask', test: /node_modules[\\/]inputmask[\\/]/, priority: 2 },
            { name: 'react', test: REACT, priority: 1 },
          ],
        },
      },
    },
  },
}));
