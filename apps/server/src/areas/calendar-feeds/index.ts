// The calendar-feeds area: private, revocable webcal addresses for My Schedule and the accepted meetings
// (decision 0173). The files themselves are built by the agenda and meetings areas.
export { calendarFeedRoutes } from './routes.ts';
