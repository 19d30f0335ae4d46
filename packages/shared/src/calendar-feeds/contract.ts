import { z } from 'zod';
import { CALENDAR_FEED_KINDS } from './inputs.ts';

// What the calendar feeds API answers (issue 21). The secret token is in an answer only once, when it is made.

/** A feed as its owner sees it later: that it exists, since when, and when a calendar app last fetched it. */
export const calendarFeedSchema = z
  .object({ kind: z.enum(CALENDAR_FEED_KINDS), createdAt: z.string(), lastPolledAt: z.string().nullable() })
  .meta({ id: 'CalendarFeed' });
export type CalendarFeedDto = z.output<typeof calendarFeedSchema>;

/** GET /api/me/calendar-feeds: the caller's feeds that are on. */
export const calendarFeedsSchema = z.object({ feeds: z.array(calendarFeedSchema) }).meta({ id: 'CalendarFeeds' });

/** A feed just made (or reset): its address, shown this once, as https and as webcal (which opens a calendar app). */
export const calendarFeedLinkSchema = calendarFeedSchema
  .extend({ url: z.string(), webcalUrl: z.string() })
  .meta({ id: 'CalendarFeedLink' });
export type CalendarFeedLinkDto = z.output<typeof calendarFeedLinkSchema>;
