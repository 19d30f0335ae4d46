// The development mailbox: the mail the platform sent, readable in the browser when no SMTP server is set.
export { devMailboxRoutes } from './routes.ts';
