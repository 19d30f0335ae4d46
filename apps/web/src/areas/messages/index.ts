// What the app shell uses of the messages area: the unread count of the header's Messages link.
export { messageKeys, unreadCountQueryOptions } from './api';
