// The check-in area: the door (scans and names, undo, the offline roster) and its organizer side (points, the goodie
// rule, the figures). The volunteers area asks it whether goodies wait for a check-in.
export { checkInRoutes } from './routes.ts';
