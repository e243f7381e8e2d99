// The statistics model, shared by the admin stats tab and the getDashboardStats callable.
export * from './dashboard-stats';
