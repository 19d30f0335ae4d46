import { z } from 'zod';
import { OPTION_NAME_MAX } from '../core/constants.ts';

// Spec 02 "Manage options dialog" and section 6: interest and goal names are trimmed, blank ignored.

export const OPTION_KINDS = ['interests', 'goals'] as const;
export type OptionKind = (typeof OPTION_KINDS)[number];

export const optionNameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(OPTION_NAME_MAX, 'Name must be less than 100 characters');

export const createOptionSchema = z.object({
  name: optionNameSchema,
  /** The event whose own list it joins; null or absent for a global (default) option. */
  eventId: z.uuid('Invalid event').nullish().transform((value) => value ?? null),
});
export type CreateOptionInput = z.input<typeof createOptionSchema>;

/** The spec's words for each kind: toasts and the server's refusals. */
export const OPTION_MESSAGES = {
  interests: {
    added: 'Interest added successfully',
    deleted: 'Interest deleted',
    addFailed: 'Failed to add interest',
    deleteFailed: 'Failed to delete interest',
    onlyAdminDeletes: 'Only Super Admin can delete default interests',
    onlyAdminAdds: 'Only Super Admin can add default interests',
    duplicate: 'This interest already exists',
  },
  goals: {
    added: 'Goal added successfully',
    deleted: 'Goal deleted',
    addFailed: 'Failed to add goal',
    deleteFailed: 'Failed to delete goal',
    onlyAdminDeletes: 'Only Super Admin can delete default goals',
    onlyAdminAdds: 'Only Super Admin can add default goals',
    duplicate: 'This goal already exists',
  },
} as const satisfies Record<OptionKind, Record<string, string>>;
