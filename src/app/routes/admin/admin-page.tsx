import { AdminOnly } from './admin-only';
import { AdminDashboard } from './admin-dashboard';

/** /admin: the dashboard, for admins only. */
export default function AdminPage() {
  return (
    <AdminOnly>
      <AdminDashboard />
    </AdminOnly>
  );
}
