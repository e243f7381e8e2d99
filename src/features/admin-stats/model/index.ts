// The statistics model, shared by the admin stats tab, the Cloud Functions that keep the roll-ups and the
// stats:rebuild command.
export * from './dashboard-stats';
export * from './order-rollups';
