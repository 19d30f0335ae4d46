// What other areas may use of the check-in area: the door's figures and settings for the organizers' pages.
export { CheckInFigures } from './check-in-figures';
export { DoorSettings } from './door-settings';
