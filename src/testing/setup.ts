import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import '@/lib/dayjs';
import { installMatchMedia } from './match-media';

// findBy… and waitFor wait up to 5 s, not Testing Library's 1 s: on a loaded two-core host a dialog's first
// render once took longer (phone-verification.test.tsx). A test that passes waits no longer for it.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks a few browser APIs Chakra UI (Ark/zag) calls while mounting dialogs, tabs and toasts. (A test
// file may run in Node instead, `// @vitest-environment node`, to start an emulator: no window to mend then.)
if (typeof window !== 'undefined') installBrowserShims();

function installBrowserShims() {
  // A phone's screen unless a test renders wider (renderWithShop's screenWidth).
  installMatchMedia(360);

  class NoopObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  globalThis.ResizeObserver ??= NoopObserver as unknown as typeof ResizeObserver;
  globalThis.IntersectionObserver ??= NoopObserver as unknown as typeof IntersectionObserver;
  window.scrollTo = () => {};
  Element.prototype.scrollIntoView ??= function scrollIntoView() {};
  Element.prototype.scrollTo ??= function scrollTo() {};
  // <dialog> without its methods: open and close as the attribute, with the close event (a task later in browsers).
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
}

// The toasts a test left are cleared after this by toaster-cleanup.ts, in the files that load the toaster.
afterEach(() => {
  cleanup();
});
