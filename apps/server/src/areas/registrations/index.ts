// The registrations area: a place at an event or on its waitlist, cancellations, and the organizer's lists. The
// events area gives waiting people the places a raised capacity makes.
export { registrationRoutes } from './routes.ts';
export { capacityChanged, releasePlacesOf } from './service.ts';
