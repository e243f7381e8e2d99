/**
 * A setup file of the web tests that load the app's toaster (vitest.config.ts): the toaster is a module-level
 * singleton, so without this one test's toasts fill the next test's screen. The tests of hooks and API modules
 * never load it, nor Chakra UI, which importing it here would cost them. Listed before setup.ts, so that this
 * runs after its cleanup() (Vitest runs after-each hooks in the reverse order of their registration).
 */
import { afterEach } from 'vitest';
import { toaster } from '@/components/ui/toaster';

afterEach(() => {
  toaster.remove();
});
