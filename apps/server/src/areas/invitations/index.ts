// The invitations area: role invitations and their acceptance. Other areas invite through issueInvitation.
export { invitationRoutes } from './routes.ts';
export { invitationLimits, issueInvitation, issueInvitations } from './issue.ts';
export { invitationEmail } from './emails/invitation.tsx';
