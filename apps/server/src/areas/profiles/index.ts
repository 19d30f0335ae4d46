// The profile area: the signed-in person's profile, avatar, password, two-factor and devices.
export { profileRoutes } from './routes.ts';
