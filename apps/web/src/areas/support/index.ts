// What other areas may use of the support area: the dashboard's support ticket dialog.
export { SupportTicketDialog } from './ticket-dialog';
