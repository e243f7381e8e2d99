// The ordering feature's public face: the order dialog. Load it only with import() (app/routes/order-dialog-slot.tsx), so
// that Formik, Yup and the callable stay out of the first bundle. Its model (model/) is the one module shared
// with the other features and the Cloud Functions, imported from there directly.
export { default as OrderDialog } from './components/order-dialog';
export type { OrderDialogProps } from './components/order-dialog';
