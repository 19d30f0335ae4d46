// The messages area: direct conversations between attendees who may reach each other.
export { messageRoutes } from './routes.ts';
export { unreadMessagesDigestEmail } from './emails/unread-digest.tsx';
export { workMessageDigests } from './digest.ts';
