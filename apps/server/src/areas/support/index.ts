// The support area: tickets and the contact form. Other areas answer with its ticket shape.
export { supportRoutes } from './routes.ts';
export { ticketSchema } from './ticket-contract.ts';
