import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { offlineWorker, webManifest } from './pwa.config';

const root = path.dirname(fileURLToPath(import.meta.url));
const apiServer = 'http://localhost:3000';

// Libraries every page needs: one long-cached chunk that survives app deploys. (Not i18next: decision 0202.)
const frameworkModules = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|@tanstack[\\/](react-query|query-core))[\\/]/;

export default defineConfig({
  // Brotli and gzip copies of every text asset, made once at build time: the server sends them to browsers that
  // accept them (serveStatic's precompressed option), so phones download a third of the bytes.
  // The service worker (sw.js) and the web app manifest: installable, and the pages people need in the hall open with
  // no network (pwa.config.ts, decision 0185). Registered from src/lib/service-worker.ts after the first render.
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({ injectRegister: false, registerType: 'autoUpdate', manifest: webManifest, workbox: offlineWorker }),
    compression({ logLevel: 'silent' }),
  ],
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
    // .vite/manifest.json: the server reads it to preload an arrival page's chunks (apps/server/src/platform/http/web-shell.ts).
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      // Lets the small shared chunks below be copied into their pages (rolldown's rule for inlining them).
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          // The small chunks automatic splitting makes for code shared by a few pages (an icon, a date helper, a query
          // hook: 1 to 5 kB each) are copied into the pages that use them, under 16 kB of source each: the public event
          // page preloaded 39 files, now 11, which Lighthouse's six HTTP/1.1 connections fetched in rounds (decision
          // 0202). Rolldown's runtime keeps one instance of each copied module, and turns on strictExecutionOrder for
          // it. Chunks holding styles stay files, as rolldown's guide advises for Vite's CSS plugin.
          experimentalInlineCommonChunks: { maxSize: 16 * 1024, exclude: /\.css(\?|$)/ },
          // Charts (recharts and its d3 helpers) are left to the default splitting: only the lazy pages that draw
          // charts import them, so they never reach the first load. A manual group for them pulled the modules
          // they share with React into a chunk every page needed.
          groups: [
            { name: 'framework', test: frameworkModules, priority: 2 },
            // Radix's small shared internals (primitive, slot, refs, context, the use-* hooks, collection, focus):
            // left to the default splitting they became one tiny chunk per set of pages sharing them, and /auth
            // preloaded 35 files that Lighthouse's six HTTP/1.1 connections fetched in rounds (performance 87-88).
            // One 8 kB chunk: 27 files, 91 (bench/RESULTS.md). One chunk for every UI library was 46 kB too many.
            // Split three ways so that a page carries only the part it uses (decision 0190): Slot and Primitive (a
            // Button, a Label: all the public event page and /auth have of Radix), the rest of the internals, and
            // collection and roving focus (tabs, menus, radio groups).
            { name: 'radix-base', test: /[\\/]node_modules[\\/]@radix-ui[\\/](react-slot|react-compose-refs|react-primitive)[\\/]/, priority: 2 },
            { name: 'radix-core', test: /[\\/]node_modules[\\/]@radix-ui[\\/](react-context|react-use-[a-z-]+|react-id|react-presence|react-direction|primitive)[\\/]/, priority: 1 },
            { name: 'radix-focus', test: /[\\/]node_modules[\\/]@radix-ui[\\/](react-collection|react-roving-focus)[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
});
