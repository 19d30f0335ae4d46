import { z } from 'zod';
import { OPTION_NAME_MAX } from '../core/constants.ts';
import { msg } from '../core/messages.ts';

// Spec 02 "Manage options dialog" and section 6: interest and goal names are trimmed, blank ignored.

export const OPTION_KINDS = ['interests', 'goals'] as const;
export type OptionKind = (typeof OPTION_KINDS)[number];

export const optionNameSchema = z
  .string({ error: msg('Name is required') })
  .trim()
  .min(1, msg('Name is required'))
  .max(OPTION_NAME_MAX, msg('Name must be less than 100 characters'));

export const createOptionSchema = z.object({
  name: optionNameSchema,
  /** The event whose own list it joins; null or absent for a global (default) option. */
  eventId: z.uuid(msg('Invalid event')).nullish().transform((value) => value ?? null),
});
export type CreateOptionInput = z.input<typeof createOptionSchema>;

/** The spec's words for each kind: toasts and the server's refusals. */
export const OPTION_MESSAGES = {
  interests: {
    added: msg('Interest added successfully'),
    deleted: msg('Interest deleted'),
    addFailed: msg('Failed to add interest'),
    deleteFailed: msg('Failed to delete interest'),
    onlyAdminDeletes: msg('Only Super Admin can delete default interests'),
    onlyAdminAdds: msg('Only Super Admin can add default interests'),
    duplicate: msg('This interest already exists'),
  },
  goals: {
    added: msg('Goal added successfully'),
    deleted: msg('Goal deleted'),
    addFailed: msg('Failed to add goal'),
    deleteFailed: msg('Failed to delete goal'),
    onlyAdminDeletes: msg('Only Super Admin can delete default goals'),
    onlyAdminAdds: msg('Only Super Admin can add default goals'),
    duplicate: msg('This goal already exists'),
  },
} as const satisfies Record<OptionKind, Record<string, string>>;
