// The privacy area: people's rights over their data (issue 23, decisions 0186 and 0187): the data export, the
// account's deletion, and the retention of the mail outbox, webhook logs and analytics.
export { privacyRoutes } from './routes.ts';
export { workRetention } from './retention.ts';
