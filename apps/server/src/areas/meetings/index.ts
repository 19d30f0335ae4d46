// The meetings area: 1:1 meeting requests, answers and calendar files.
export { meetingRoutes } from './routes.ts';
