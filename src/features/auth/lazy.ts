// What the router loads on demand (import()), kept out of index.ts so that Formik and Yup stay out of the
// first bundle: the /auth page.
export { default as AuthPage } from './components/auth-page';
