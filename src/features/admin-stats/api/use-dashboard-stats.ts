import { useLoad, type Loadable } from '@/lib/loadable';
import type { DashboardStats } from '../model/dashboard-stats';
import { fetchDashboardStats } from './dashboard-stats';

async function loadStats(): Promise<DashboardStats> {
  try {
    return await fetchDashboardStats();
  } catch (error) {
    // Logged, not toasted (the seller asked for no toast here): the tab itself says so and offers a retry.
    console.error('Dashboard statistics could not be loaded', error);
    throw error;
  }
}

/** The dashboard's numbers from the getDashboardStats callable, asked for on mount; `reload` asks again. */
export function useDashboardStats(): [Loadable<DashboardStats>, reload: () => void] {
  return useLoad(loadStats);
}
