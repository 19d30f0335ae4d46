// The events area: creating, editing and listing events, the public page and custom domains.
export { eventRoutes, publicEventRoutes } from './routes.ts';
export { customDomainPages, publicPageRoutes } from './public-page-routes.ts';
