import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = path.dirname(fileURLToPath(import.meta.url));
const apiServer = 'http://localhost:3000';

// Libraries every page needs: one long-cached chunk that survives app deploys.
const frameworkModules = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/;
// Charting is heavy and used by analytics pages only: kept together so no other page pulls it in.
const chartModules = /[\\/]node_modules[\\/](recharts|d3-[^\\/]+|victory-vendor|internmap|decimal\.js-light|redux|@reduxjs|immer|reselect|use-sync-external-store|eventemitter3)[\\/]/;

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': path.resolve(root, 'src') },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: apiServer, changeOrigin: false, ws: true },
      '/files': { target: apiServer, changeOrigin: false },
    },
  },
  // `vite preview` serves the built app with the same proxy, so dist/ can be tried against a local server.
  preview: {
    port: 4173,
  },
  build: {
    // WEB_DIST_DIR lets two checkouts' test runs build side by side without sharing one dist/.
    outDir: process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : path.resolve(root, 'dist'),
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: frameworkModules, priority: 2 },
            { name: 'charts', test: chartModules, priority: 1 },
          ],
        },
      },
    },
  },
});
