// What other areas may use of the badges area: the organizer's "Print badges" button, and the link to one person's
// badge (the reprint at the door).
export { PrintBadgesButton } from './print-badges-dialog';
export { badgeUrl, badgesUrl } from './api';
