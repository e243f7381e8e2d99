import { httpsCallable } from 'firebase/functions';
import { functions } from '@/lib/firebase';
import type { DashboardStats } from '../model/dashboard-stats';

const getDashboardStats = httpsCallable<void, DashboardStats>(functions, 'getDashboardStats');

/** The dashboard's numbers, computed on the server over every order (admins only). */
export async function fetchDashboardStats(): Promise<DashboardStats> {
  const result = await getDashboardStats();
  return result.data;
}
