// The badges area: printable badges as one PDF (organizers print them all or a selection, volunteers reprint one at
// the door), and the badge code their QR carries, which the door and goodie scanners read.
export { badgeRoutes } from './routes.ts';
export { badgeToken, looksLikeBadgeToken, readBadgeToken, scanCodeHash } from './badge-token.ts';
