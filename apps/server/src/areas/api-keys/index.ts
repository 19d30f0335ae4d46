// The API-keys area: a person's keys, listed, made and revoked. Checking a key on a request is platform/auth/api-key.ts.
export { apiKeyRoutes } from './routes.ts';
