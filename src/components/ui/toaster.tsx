import { Toaster as ChakraToaster, Portal, Spinner, Stack, Toast, createToaster } from '@chakra-ui/react';
import { useEffect, useState } from 'react';

/** One toaster for the whole app: at most 3 toasts on screen, each for 4 s unless told otherwise: the
 * seller asked for a handful of short-lived messages, not a pile that covers the page. */
export const toaster = createToaster({
  // Top: on a phone a bottom toast would cover the order dialog's confirm button.
  placement: 'top-end',
  max: 3,
  duration: 4000,
  pauseOnPageIdle: true,
});

export interface ToastAction {
  label: string;
  onClick: () => void;
}

/** A destructive toast that is also logged to the console, as every error the shop shows is. */
export function notifyError(title: string, description?: string, cause?: unknown, action?: ToastAction) {
  console.error(title, description ?? '', cause ?? '');
  toaster.create({ type: 'error', title, description, action, closable: true });
}

export function notifySuccess(title: string, description?: string) {
  toaster.create({ type: 'success', title, description, closable: true });
}

/** Something went through, but not quite as asked: kept on screen until read (the seller must act on it). */
export function notifyWarning(title: string, description: string) {
  toaster.create({ type: 'warning', title, description, closable: true, duration: Infinity });
}

/**
 * The toasts' region, mounted once the first toast is created: mounting Chakra's toast group is one of the
 * costliest parts of starting the app on a slow phone, and most visits never show a toast.
 */
export function Toaster() {
  const [needed, setNeeded] = useState(() => toaster.getCount() > 0);
  useEffect(() => {
    if (needed) return;
    if (toaster.getCount() > 0) setNeeded(true);
    else return toaster.subscribe(() => setNeeded(true));
  }, [needed]);
  return needed ? <ToastRegion /> : null;
}

function ToastRegion() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            {toast.type === 'loading' ? <Spinner size="sm" color="brand.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description opacity={1}>{toast.description}</Toast.Description>}
            </Stack>
            {toast.action && <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger>}
            {toast.closable && <Toast.CloseTrigger />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
