import { z } from 'zod';

// What the options API answers. The server's routes answer with these schemas (the OpenAPI document names them by
// their id) and both apps infer their types from them.

export const optionSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    isDefault: z.boolean(),
    eventId: z.uuid().nullable(),
    /** The caller may delete it (the dialog hides the button otherwise). */
    canDelete: z.boolean(),
  })
  .meta({ id: 'Option' });
export type OptionDto = z.output<typeof optionSchema>;

export const optionsSchema = z
  .object({
    interests: z.array(optionSchema),
    goals: z.array(optionSchema),
    /** The caller may add global options (super admin) and, with an event in scope, that event's own. */
    canManageGlobal: z.boolean(),
    canManageEvent: z.boolean(),
  })
  .meta({ id: 'Options' });
export type OptionsDto = z.output<typeof optionsSchema>;
