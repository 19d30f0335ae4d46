// The manager dashboard: an owner's events, volunteers, users, recipients and tickets.
export { managerDashboardRoutes } from './routes.ts';
