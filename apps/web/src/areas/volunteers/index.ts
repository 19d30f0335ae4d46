// What other areas may use of the volunteers area: the goodies card, the live goodie notifications, and the camera
// scanner (the door reads the same QR codes).
export { GoodieNotifications } from './goodie-notifications';
export { MyGoodiesCard } from './my-goodies-card';
export { CameraScanner, hasCamera } from './camera-scanner';
