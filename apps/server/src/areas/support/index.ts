// The support area: tickets and the contact form (its ticket shape, which other areas answer with: @mingle/shared/support/contract).
export { supportRoutes } from './routes.ts';
export { ticketStatusChangedEmail } from './emails/ticket-status-changed.tsx';
