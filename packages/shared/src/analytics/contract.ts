import { z } from 'zod';

// What the analytics API answers (spec 02 "Event Analytics"). The server's route answers with this schema (the OpenAPI
// document names it by its id) and both apps infer their types from it.

const count = z.number().int();

export const eventAnalyticsSchema = z
  .object({
    event: z.object({ id: z.uuid(), name: z.string(), startDate: z.string(), endDate: z.string() }),
    metrics: z.object({
      registrations: count,
      pageViews: count,
      sessionViews: count,
      boothVisits: count,
      meetingRequests: count,
      engagements: count,
      /** engagements / registrations, one decimal; 0 without registrations. */
      engagementRate: z.number(),
    }),
    daily: z.array(
      z.object({ date: z.string(), registrations: count, pageViews: count, sessionViews: count, boothVisits: count, meetingRequests: count, engagements: count }),
    ),
    sessions: z.array(z.object({ id: z.uuid(), title: z.string(), views: count, bookmarks: count })),
    sponsors: z.array(z.object({ id: z.uuid(), companyName: z.string(), boothVisits: count, leads: count })),
  })
  .meta({ id: 'EventAnalytics' });
export type EventAnalyticsDto = z.output<typeof eventAnalyticsSchema>;
