import { PageSpinner } from '@/components/ui/page-spinner';
import { useAuth } from '@/features/auth';
import { MyOrdersPage } from '@/features/my-orders';

export function MyOrdersRoute() {
  const { user, loading } = useAuth();
  if (loading) return <PageSpinner />;
  return <MyOrdersPage uid={user?.uid ?? null} />;
}
