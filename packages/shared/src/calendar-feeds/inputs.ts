import { z } from 'zod';
import { msg } from '../core/messages.ts';

// Calendar subscriptions (issue 21): a private feed URL a calendar app polls without a cookie, for My Schedule (the
// bookmarked sessions) and for the accepted meetings. Decision 0173.

export const CALENDAR_FEED_KINDS = ['schedule', 'meetings'] as const;
export type CalendarFeedKind = (typeof CALENDAR_FEED_KINDS)[number];

export const CALENDAR_FEED_NOT_FOUND_MESSAGE = msg('Calendar feed not found');
export const CALENDAR_FEED_TOO_MANY_MESSAGE = msg('This calendar feed is polled too often. Try again later.');

/** The `{kind}` of the management routes. */
export const calendarFeedKindSchema = z.enum(CALENDAR_FEED_KINDS, msg('Unknown calendar feed'));
