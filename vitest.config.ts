import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

const WEB_TESTS = /\.test\.tsx?$/;
/**
 * The web tests that replace modules with vi.mock: each gets a module graph of its own. The others share one per
 * worker (isolate: false), which spares every file importing Chakra UI, React and Firebase again (about 1 s a
 * file: the web suite took 173 s with every file isolated, 32 s shared). A file that starts using vi.mock moves
 * to the isolated project by itself.
 */
const webTestsReplacingModules = readdirSync('src', { recursive: true, encoding: 'utf8' })
  .filter((file) => WEB_TESTS.test(file) && readFileSync(`src/${file}`, 'utf8').includes('vi.mock('))
  .map((file) => `src/${file.replaceAll('\\', '/')}`);

const webTest = { environment: 'jsdom', setupFiles: ['src/testing/setup.ts'], globals: true };

// One runner, seven projects: each names where its tests live and what they need around them.
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
          ...webTest,
          name: 'web',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: webTestsReplacingModules,
          isolate: false,
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: { ...webTest, name: 'web-isolated', include: webTestsReplacingModules },
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
