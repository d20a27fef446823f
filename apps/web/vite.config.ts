import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { firstPageGuard, PRERENDERED_SCREENS } from './build/first-page';
import { precompress } from './build/precompress';
import { reactRouterAliases } from './build/react-router-alias';
import { prerender } from './build/prerender';
import { rendererGuard } from './build/renderer-guard';

const API_SERVER = 'http://localhost:3000';

/**
 * Libraries of the shell itself, loaded with every page: long-cached, apart from our code.
 * react-toastify is not one: it loads with the first notification (app/root-shell.tsx); nor is
 * zod: a group takes all of a package, and zod must stay in the chunks that use it.
 */
const REACT = /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;
const SHELL_VENDORS = /node_modules[\\/](@tanstack|i18next|react-i18next|zustand|clsx)[\\/]/;

const proxy = {
  '/api': { target: API_SERVER, changeOrigin: true },
  '/sandbox': { target: API_SERVER, changeOrigin: true },
};

const SOURCE = { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) };
/** The production build (and the prerender) takes React Router's production build. */
const BUILD_ALIASES = [SOURCE, ...reactRouterAliases('production')];

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    firstPageGuard(PRERENDERED_SCREENS),
    rendererGuard(),
    prerender({ aliases: BUILD_ALIASES, plugins: [react()] }),
    precompress(),
  ],
  resolve: { alias: command === 'build' ? BUILD_ALIASES : [SOURCE] },
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, strictPort: true, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: true,
    // Read by build/prerender.ts: the styles of a prerendered lazy screen.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Its own file name lets the global error guard recognise inputmask's errors.
            { name: 'inputmask', test: /node_modules[\\/]inputmask[\\/]/, priority: 2 },
            { name: 'react', test: REACT, priority: 1 },
            { name: 'vendor', test: SHELL_VENDORS, priority: 1 },
            // The entry's own modules in one chunk: on their own, those a lazy screen shares
            // would be split into small chunks of their own, compressed apart (1.2 KB more).
            { name: 'shell', test: /^(?!.*node_modules)/, tags: ['$initial'] },
          ],
        },
      },
    },
  },
}));
