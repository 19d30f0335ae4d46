// The invitations area: role invitations and their acceptance. Other areas invite through issueInvitation.
export { invitationRoutes } from './routes.ts';
export { issueInvitation } from './issue.ts';
export { invitationEmail } from './emails/invitation.tsx';
