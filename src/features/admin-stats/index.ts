// What the admin dashboard composes from this feature. The statistics model (model/) is bundled into the
// Cloud Functions too, which keep the roll-ups it reads.
export { StatsTab } from './components/stats-tab';
export { useOrderCounts } from './api/order-stats';
