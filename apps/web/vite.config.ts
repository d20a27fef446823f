import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { precompress } from './build/precompress';

const API_SERVER = 'http://localhost:3000';

/**
 * Libraries of the shell itself, loaded with every page: long-cached, apart from our code.
 * react-toastify is not one: it loads with the first notification (app/root-shell.tsx).
 */
const REACT = /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;
const SHELL_VENDORS =
  /node_modules[\\/](@tanstack|i18next|react-i18next|use-sync-external-store|zustand|clsx|zod)[\\/]/;

const proxy = {
  '/api': { target: API_SERVER, changeOrigin: true },
  '/sandbox': { target: API_SERVER, changeOrigin: true },
};

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, strictPort: true, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Its own file name lets the global error guard recognise inputmask's errors.
            { name: 'inputmask', test: /node_modules[\\/]inputmask[\\/]/, priority: 2 },
            { name: 'react', test: REACT, priority: 1 },
            { name: 'vendor', test: SHELL_VENDORS, priority: 1 },
          ],
        },
      },
    },
  },
});
