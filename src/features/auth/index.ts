// The auth feature's public face. The /auth page itself is lazy-loaded by the router
// (components/auth-page.tsx) so that Formik and Yup stay out of the first bundle.
export { AuthProvider } from './components/auth-provider';
export { useAuth } from './api/use-auth';
export { useIsAdmin, type AdminAccess } from './api/use-is-admin';
export type { AuthState } from './model/session';
