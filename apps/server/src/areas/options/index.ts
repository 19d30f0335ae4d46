// The options area: the interests, goals and industries people pick from.
export { optionRoutes } from './routes.ts';
