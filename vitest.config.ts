import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

// One runner, six projects: each names where its tests live and what they need around them.
export default defineConfig({
  resolve: { alias },
  test: {
    globals: true,
    projects: [
      {
        test: {
          name: 'emulators',
          include: ['emulators/src/**/*.test.ts', 'emulators/console-app/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/testing/setup.ts'],
          globals: true,
        },
      },
      {
        // The product pages' function renders the storefront's components, which import through `@/`.
        resolve: { alias },
        test: {
          name: 'functions',
          include: ['functions/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['tests/start/**', 'tests/config/**'],
          globalSetup: ['tests/support/global-setup.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        // The build test renders a product page with the app's server entry, which imports through `@/`.
        resolve: { alias },
        test: {
          name: 'config',
          include: ['tests/config/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'start',
          include: ['tests/start/**/*.test.ts'],
          environment: 'node',
          testTimeout: 300_000,
        },
      },
    ],
  },
});
