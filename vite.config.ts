import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { prerender } from './scripts/vite-prerender.ts';
import { productionFirebaseConfig } from './scripts/build/firebase-web-config.ts';

export default defineConfig({
  plugins: [react(), prerender(), productionFirebaseConfig()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    // scripts/bundle-size.ts reads the manifest to find what / loads before anything is clicked.
    manifest: true,
    target: 'es2022',
    // The one chunk over Vite's 500 kB default is the catalog's Web Worker (~590 kB, the Firestore SDK), off the
    // main thread; what a page loads first is held to its budget by scripts/bundle-size.ts.
    chunkSizeWarningLimit: 650,
    // Rolldown's advisory that plugins took a large share of the build: on a loaded machine it comes and goes
    // with the load (the prerender plugin renders every page), says nothing about the output, and failed the
    // storefront build test's "not a single warning".
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 5000 },
});
