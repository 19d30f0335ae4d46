import { z } from 'zod';

// What the networking API answers. The server's routes answer with these schemas (the OpenAPI document names them
// by their id) and both apps infer their types from them.

export const attendeeSchema = z
  .object({
    id: z.uuid(),
    fullName: z.string(),
    avatarUrl: z.string().nullable(),
    jobTitle: z.string().nullable(),
    company: z.string().nullable(),
    bio: z.string().nullable(),
    interests: z.array(z.string()),
    goals: z.array(z.string()),
    /** Why they are recommended, in words: the whole score (empty when nothing matches). */
    reasons: z.array(z.string()).meta({ description: 'Why they are recommended, in words: the whole score' }),
    connected: z.boolean(),
  })
  .meta({ id: 'Attendee' });
export type AttendeeDto = z.output<typeof attendeeSchema>;

export const attendeePageSchema = z
  .object({ attendees: z.array(attendeeSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'AttendeePage' });
export type AttendeePage = z.output<typeof attendeePageSchema>;

export const connectResultSchema = z.object({
  connected: z.literal(true),
  pointsAwarded: z.number().int(),
  points: z.number().int(),
  level: z.number().int(),
});
export type ConnectResult = z.output<typeof connectResultSchema>;

/** The card of /connect/{userId}. */
export const connectProfileSchema = z
  .object({
    id: z.uuid(),
    fullName: z.string(),
    avatarUrl: z.string().nullable(),
    jobTitle: z.string().nullable(),
    company: z.string().nullable(),
    bio: z.string().nullable(),
    interests: z.array(z.string()),
    isSelf: z.boolean(),
    connected: z.boolean(),
  })
  .meta({ id: 'ConnectProfile' });
export type ConnectProfileDto = z.output<typeof connectProfileSchema>;
