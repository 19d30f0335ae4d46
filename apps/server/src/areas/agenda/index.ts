// The agenda area: sessions, bookmarks, check-in and calendar files.
export { agendaRoutes } from './routes.ts';
