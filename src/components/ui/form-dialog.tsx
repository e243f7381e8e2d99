import type { FormEventHandler, ReactNode } from 'react';
import { Button, Dialog, Portal, chakra, type DialogRootProps } from '@chakra-ui/react';

export interface FormDialogProps {
  title: ReactNode;
  /** The form's id: its fields are in the body, its submit button in the footer. */
  formId: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** True while the form is being submitted: the submit button busy, cancel disabled, no closing. */
  busy: boolean;
  cancelLabel: string;
  submitLabel: string;
  busyLabel: string;
  onClose: () => void;
  size?: DialogRootProps['size'];
  scrollBehavior?: DialogRootProps['scrollBehavior'];
  /** False where a stray tap outside must not throw away what was typed. */
  closeOnInteractOutside?: boolean;
  /** The form's fields. */
  children: ReactNode;
}

/** The seller's form in a dialog, open while mounted: title, the fields, then cancel and submit. */
export function FormDialog(props: FormDialogProps) {
  const { title, formId, onSubmit, busy, cancelLabel, submitLabel, busyLabel, onClose, children } = props;
  return (
    <Dialog.Root
      open
      onOpenChange={({ open }) => !open && !busy && onClose()}
      size={props.size}
      scrollBehavior={props.scrollBehavior}
      closeOnInteractOutside={props.closeOnInteractOutside}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <chakra.form
                id={formId}
                display="flex"
                flexDirection="column"
                gap="4"
                onSubmit={onSubmit}
                noValidate
              >
                {children}
              </chakra.form>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={busy}>
                {cancelLabel}
              </Button>
              <Button type="submit" form={formId} colorPalette="brand" loading={busy} loadingText={busyLabel}>
                {submitLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
