import { useEffect, type ReactNode } from 'react';
import { PageSpinner } from '@/components/ui/page-spinner';
import { notifyError } from '@/components/ui/toaster';
import { useAuth, useIsAdmin } from '@/features/auth';
import { adminTexts } from './texts';
import { AccessDeniedCard } from './access-denied-card';

/** A spinner while the role record is checked, then the page for admins and a refusal for everyone else. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const access = useIsAdmin();
  const { user } = useAuth();

  useEffect(() => {
    if (access.error)
      notifyError(adminTexts.access.checkErrorTitle, adminTexts.access.checkErrorText, access.error);
  }, [access.error]);

  if (access.status === 'loading') return <PageSpinner minHeight="60vh" />;
  if (access.status === 'denied') return <AccessDeniedCard signedIn={user !== null} />;
  return children;
}
