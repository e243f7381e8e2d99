// What the admin dashboard composes from this feature.
export { CustomersTab } from './components/customers-tab';
