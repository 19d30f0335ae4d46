// The agenda area: sessions, bookmarks, check-in and calendar files.
export { agendaRoutes } from './routes.ts';
export { workReminders } from './reminders.ts';
export { eventDayBeforeEmail } from './emails/event-day-before.tsx';
export { sessionReminderEmail } from './emails/session-reminder.tsx';
export { scheduleCalendar } from './feed.ts';
