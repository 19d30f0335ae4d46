// The auth area: sign-up and the account checks around Better Auth's own routes.
export { authRoutes } from './routes.ts';
