// Placeholder until the admin dashboard lands; the router lazy-loads this module for /admin.
export default function AdminPage() {
  return null;
}
