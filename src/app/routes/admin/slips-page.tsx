import { PackingSlips } from '@/features/admin-orders';
import { AdminOnly } from './admin-only';

/** /admin/slips: packing slips to print, for admins only, without the shop's header and footer. */
export default function SlipsPage() {
  return (
    <AdminOnly>
      <PackingSlips />
    </AdminOnly>
  );
}
