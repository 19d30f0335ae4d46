// The event feed: posts, likes, comments and media.
export { feedRoutes } from './routes.ts';
