// The volunteers area: scanning QR codes, goodies, and the volunteer dashboard.
export { volunteerRoutes } from './routes.ts';
export { goodieReceivedEmail } from './emails/goodie-received.tsx';
