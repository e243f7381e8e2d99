// Invoker commands (HTML's `commandfor` and `command` on a button): the browser opens or closes a dialog with no
// script, so a server-rendered page's form answers a tap before the app runs. Where a browser lacks them, the
// tap keeper (./tap-keeper.ts) runs the same two commands. React passes the attributes through as written.

/** The order form's <dialog> on `/` and a product's page: one per page, opened by every "order" button. */
export const ORDER_FORM_ID = 'order-form';

/** A button's attributes that open the dialog `id` as a modal (its top layer, focus trap and Escape). */
export const showsModal = (id: string): Record<string, string> => ({ commandfor: id, command: 'show-modal' });

/** A button's attributes that close the dialog `id`. */
export const closesDialog = (id: string): Record<string, string> => ({ commandfor: id, command: 'close' });
