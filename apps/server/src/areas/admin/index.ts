// The super admin area: platform statistics, users and their roles, every event.
export { adminRoutes } from './routes.ts';
