// What other areas and the app shell use of the notifications area: the header's bell, the live listener every
// signed-in page mounts, and the preferences card of the profile page.
export { NotificationBell } from './notification-bell';
export { NotificationLive } from './notification-live';
export { NotificationPreferencesCard } from './notification-preferences-card';
export { unreadNotificationsQueryOptions } from './api';
