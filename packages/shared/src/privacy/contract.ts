import { z } from 'zod';

// What the privacy API answers. The export itself is a JSON file (GET /api/me/data-export), not a contract: its
// sections follow the tables (decision 0186).

/** GET /api/me/account-deletion: what the confirmation asks for (the password, or the email for OAuth-only accounts). */
export const accountDeletionSchema = z
  .object({ confirmWith: z.enum(['password', 'email']), ownsEvents: z.boolean() })
  .meta({ id: 'AccountDeletion' });
export type AccountDeletionDto = z.output<typeof accountDeletionSchema>;
