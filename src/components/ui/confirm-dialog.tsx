import { useState, type ReactNode } from 'react';
import { Button, Dialog, Portal } from '@chakra-ui/react';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The question the person answers, e.g. "do you really want to cancel this order?". */
  question: string;
  /** What the action affects (and any warning), shown under the question. */
  children?: ReactNode;
  keepLabel: string;
  confirmLabel: string;
  busyLabel?: string;
  /** Does the work (and closes on success); both buttons stay disabled until it settles. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

/** A destructive action's confirmation: nothing happens until the red button, and no closing mid-way. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, question, children, keepLabel, confirmLabel, busyLabel, onConfirm, onClose } = props;
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={(details) => !details.open && !busy && onClose()}
      placement="center"
      size={{ base: 'xs', sm: 'sm' }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="3">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description color="fg">{question}</Dialog.Description>
              {children}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={busy}>
                {keepLabel}
              </Button>
              <Button colorPalette="red" onClick={confirm} loading={busy} loadingText={busyLabel}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
