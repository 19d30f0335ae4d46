// What other areas may use of the calendar-feeds area: the "Subscribe in your calendar" control (My Schedule, meetings).
export { SubscribeCalendarButton } from './subscribe-dialog';
