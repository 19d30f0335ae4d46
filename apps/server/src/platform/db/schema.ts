// Drizzle needs every table in one object for its relational queries and for drizzle-kit; this file
// gathers the area files and holds nothing itself.
export * from './schema/auth.ts';
export * from './schema/profiles.ts';
export * from './schema/events.ts';
export * from './schema/agenda.ts';
export * from './schema/networking.ts';
export * from './schema/meetings.ts';
export * from './schema/messages.ts';
export * from './schema/sponsors.ts';
export * from './schema/engagement.ts';
export * from './schema/analytics.ts';
export * from './schema/support.ts';
export * from './schema/mail.ts';
export * from './schema/files.ts';
export * from './schema/notifications.ts';
export * from './schema/registrations.ts';
export * from './schema/check-in.ts';
export * from './schema/calendar-feeds.ts';
export * from './schema/api-keys.ts';
export * from './schema/webhooks.ts';
export * from './schema/consents.ts';
