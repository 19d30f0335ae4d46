// What other areas may use of the events area: the event queries and update, and the event card's menus.
export { eventListQueryOptions, eventQueryOptions, useUpdateEvent } from './api';
export { ConfigureLandingDialog } from './configure-landing-dialog';
export { eventTypeText, roleLabel } from './event-labels';
export { EventManageMenu } from './event-manage-menu';
