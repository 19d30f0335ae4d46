// The check-in area: the door (scans and names, undo, the offline roster) and its organizer side (points, the goodie
// rule, the figures). The manager dashboard counts its events' door with the same figures.
export { checkInRoutes } from './routes.ts';
export { checkedInCount, registeredCount } from './figures.ts';
