// What other areas may use of the networking area: the directory switch and the personal QR code (on the profile), and
// the attendees preview of the Sponsors and Networking page.
export { attendeesPreviewQueryOptions } from './api';
export { ConnectQrCode } from './connect-qr-code';
export { DirectoryVisibilityToggle } from './directory-visibility-toggle';
