// What other areas may use of the volunteers area: the goodies card and the live goodie notifications.
export { GoodieNotifications } from './goodie-notifications';
export { MyGoodiesCard } from './my-goodies-card';
