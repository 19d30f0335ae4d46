// The notifications area: the in-app notification centre and each person's preferences. Areas whose writes concern
// someone call notify in their transaction (with the email, rendered by them, that notify sends when wanted); an
// email with no in-app notification goes through emailIfWanted; the push senders ask preferenceOf.
export { notificationRoutes } from './routes.ts';
export { unsubscribeRoutes } from './unsubscribe-routes.ts';
export { emailIfWanted, notify, preferenceOf, type NotifyInput } from './service.ts';
