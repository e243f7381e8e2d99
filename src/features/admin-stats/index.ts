// What the admin dashboard composes from this feature. The statistics model is bundled into the
// getDashboardStats callable too, from model/.
export { StatsTab } from './components/stats-tab';
