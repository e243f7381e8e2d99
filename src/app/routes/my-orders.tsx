import { useAuth } from '@/features/auth';
import { MyOrdersPage } from '@/features/my-orders';

export function MyOrdersRoute() {
  const { user, loading } = useAuth();
  // While Auth loads (and in the prerendered page), the page's heading and what the session hint says.
  return <MyOrdersPage uid={loading ? undefined : (user?.uid ?? null)} />;
}
