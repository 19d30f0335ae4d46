// The meetings area: 1:1 meeting requests, answers and calendar files.
export { eventMeetingExportRoutes, meetingRoutes } from './routes.ts';
export { meetingAcceptedEmail } from './emails/meeting-accepted.tsx';
export { meetingCancelledEmail } from './emails/meeting-cancelled.tsx';
export { meetingDeclinedEmail } from './emails/meeting-declined.tsx';
export { meetingRequestedEmail } from './emails/meeting-requested.tsx';
export { acceptedMeetingsCalendar } from './feed.ts';
