import { del, get, post } from '../core/endpoint.ts';
import type { calendarFeedLinkSchema, calendarFeedsSchema } from './contract.ts';

/**
 * The signed-in person's calendar feeds: which are on (`list`), turning one on or giving it a new address (`create`,
 * the old address stops working), and turning it off (`revoke`). The feed itself is
 * `GET /api/calendar-feeds/{token}.ics`, fetched by calendar apps without a cookie.
 */
export const calendarFeedEndpoints = {
  list: get<typeof calendarFeedsSchema>('/api/me/calendar-feeds'),
  create: post<typeof calendarFeedLinkSchema>('/api/me/calendar-feeds/{kind}'),
  revoke: del('/api/me/calendar-feeds/{kind}'),
};
