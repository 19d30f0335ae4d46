// The notifications area: the in-app notification centre and each person's preferences. Areas whose writes concern
// someone call notify in their transaction; the mail and push senders ask preferenceOf.
export { notificationRoutes } from './routes.ts';
export { notify, preferenceOf, type NotifyInput } from './service.ts';
