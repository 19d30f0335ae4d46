// The sponsors area: sponsors, booths, representatives, lead capture and the sponsor dashboard.
export { sponsorRoutes } from './routes.ts';
