// The networking area: discovery, connections, blocks and the QR connect code. Other areas ask it who may reach whom.
export { networkingRoutes } from './routes.ts';
export { canReach, eitherBlocked } from './reach.ts';
