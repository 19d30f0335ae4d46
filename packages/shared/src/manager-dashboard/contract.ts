import { z } from 'zod';

// What the Event Manager Dashboard API answers. The server's routes answer with these schemas (the OpenAPI document
// names them by their id) and both apps infer their types from them.

export const managerStatsSchema = z
  .object({ totalUsers: z.number(), totalAttendees: z.number(), goodiesDistributed: z.number(), myEvents: z.number() })
  .meta({ id: 'ManagerStats' });
export type ManagerStatsDto = z.output<typeof managerStatsSchema>;

export const managedEventSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    slug: z.string(),
    location: z.string().nullable(),
    startDate: z.string(),
    endDate: z.string(),
    /** The zone the event's dates are shown in (an IANA name). */
    timezone: z.string(),
    description: z.string().nullable(),
    logoUrl: z.string().nullable(),
    customDomain: z.string().nullable(),
    isOwner: z.boolean(),
    /** People holding a place, and how many of them are checked in at the door (issue 20). */
    registered: z.number().int(),
    checkedIn: z.number().int(),
  })
  .meta({ id: 'ManagedEvent' });
export type ManagedEventDto = z.output<typeof managedEventSchema>;

export const managerOverviewSchema = z.object({ stats: managerStatsSchema, events: z.array(managedEventSchema) });

export const goodieRecipientSchema = z
  .object({
    attendeeId: z.uuid(),
    eventId: z.uuid(),
    eventName: z.string(),
    userId: z.uuid(),
    fullName: z.string(),
    giverName: z.string().nullable(),
    receivedAt: z.string(),
  })
  .meta({ id: 'GoodieRecipient' });
export type GoodieRecipientDto = z.output<typeof goodieRecipientSchema>;
export const goodieRecipientPageSchema = z.object({ items: z.array(goodieRecipientSchema), nextCursor: z.string().nullable() });

export const eventVolunteerSchema = z
  .object({
    id: z.uuid(),
    eventId: z.uuid(),
    eventName: z.string(),
    userId: z.uuid(),
    fullName: z.string(),
    allocatedGoodies: z.number(),
    distributedGoodies: z.number(),
    isCoOwner: z.boolean(),
  })
  .meta({ id: 'EventVolunteer' });
export type EventVolunteerDto = z.output<typeof eventVolunteerSchema>;
export const eventVolunteersSchema = z.object({ volunteers: z.array(eventVolunteerSchema) });

export const directoryUserSchema = z
  .object({
    id: z.uuid(),
    fullName: z.string(),
    userType: z.string().nullable(),
    companyOrInstitution: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'DirectoryUser' });
export type DirectoryUserDto = z.output<typeof directoryUserSchema>;
export const directoryUserPageSchema = z.object({ items: z.array(directoryUserSchema), nextCursor: z.string().nullable() });

/** The invited volunteer: promoted to co-owner once they accept. */
export const promotionSchema = z.object({ userId: z.uuid(), fullName: z.string(), emailSent: z.boolean() });
