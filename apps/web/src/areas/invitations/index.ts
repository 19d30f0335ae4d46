// What other areas may use of the invitations area: the dashboard's card of invitations waiting for an answer.
export { MyInvitationsCard } from './my-invitations-card';
