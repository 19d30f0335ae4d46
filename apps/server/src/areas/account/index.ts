// The account area: sign-up and the account checks around Better Auth's own routes.
export { accountRoutes } from './routes.ts';
