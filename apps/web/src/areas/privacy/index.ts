// What other areas may use of the privacy area: the profile page's "Consents" and "Your data" cards, and the
// consents mark of the organizers' registrations list.
export { ConsentMark } from './consent-mark';
export { ConsentsCard } from './consents-card';
export { YourDataCard } from './your-data-card';
