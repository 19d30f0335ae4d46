// The session Q&A area: questions, upvotes and answers.
export { qaRoutes } from './routes.ts';
