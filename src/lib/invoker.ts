// Invoker commands (HTML's `commandfor` and `command` on a button): the browser opens or closes a dialog with no
// script, so a server-rendered page's form answers a tap before the app runs. Where a browser lacks them, the
// tap keeper (./tap-keeper.ts) runs the same two commands. React passes the attributes through as written.

/** The order form's <dialog> on `/` and a product's page: one per page, opened by every "order" button. */
export const ORDER_FORM_ID = 'order-form';

/**
 * On a button that opens a dialog: what it opens it for, in the dialog's own words. The tap keeper writes it
 * into the dialog's elements marked SHOWS_SUBJECT when it opens it before the app runs (which then renders them).
 */
export const SUBJECT = 'data-subject';
export const SHOWS_SUBJECT = 'data-shows-subject';

/**
 * A button's attributes that open the dialog `id` as a modal (its top layer, focus trap and Escape), for
 * `subject` if given (the dialog's line naming what it was opened for).
 */
export const showsModal = (id: string, subject?: string): Record<string, string> => ({
  commandfor: id,
  command: 'show-modal',
  ...(subject !== undefined && { [SUBJECT]: subject }),
});

/** A button's attributes that close the dialog `id`. */
export const closesDialog = (id: string): Record<string, string> => ({ commandfor: id, command: 'close' });
