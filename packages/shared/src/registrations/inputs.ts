import { z } from 'zod';
import { fill, msg } from '../core/messages.ts';

// Registration for an event (issue 20): the lists an organizer reads, and the refusals a registration can meet. The
// spec has no wording for capacity or a waitlist; these are ours. The settings (capacity, window) are the event's own
// fields, changed through the event's update (events/inputs.ts).

/** The organizer's three lists: who holds a place, who waits for one, who gave theirs up (or was removed). */
export const REGISTRATION_LIST_STATUSES = ['registered', 'waitlisted', 'cancelled'] as const;
export type RegistrationListStatus = (typeof REGISTRATION_LIST_STATUSES)[number];

export const REGISTRATION_SEARCH_MAX = 100;

export const registrationListQuerySchema = z.object({
  status: z.enum(REGISTRATION_LIST_STATUSES, msg('Please choose registered, waitlisted or cancelled')).default('registered'),
  /** Part of a name or an email address. */
  search: z
    .string()
    .trim()
    .max(REGISTRATION_SEARCH_MAX, fill(msg('Search must be less than {{max}} characters'), { max: REGISTRATION_SEARCH_MAX }))
    .optional()
    .transform((value) => value || undefined),
  cursor: z.string().max(300).optional(),
});
export type RegistrationListQuery = z.input<typeof registrationListQuerySchema>;

export const REGISTRATION_MESSAGES = {
  closed: msg('Registration is not open for this event'),
  notYetOpen: msg('Registration for this event has not opened yet'),
  windowClosed: msg('Registration for this event has closed'),
  notRegistered: msg('You are not registered for this event'),
  registrationNotFound: msg('Registration not found'),
} as const;

// ---- Registration questions: asked on registering, shown to organizers -------------------------------------------

export const REGISTRATION_QUESTION_KINDS = ['text', 'single_choice', 'multiple_choice'] as const;
export type RegistrationQuestionKind = (typeof REGISTRATION_QUESTION_KINDS)[number];
export const REGISTRATION_QUESTION_KIND_LABELS: Record<RegistrationQuestionKind, string> = {
  text: msg('Text'),
  single_choice: msg('Single choice'),
  multiple_choice: msg('Multiple choice'),
};
export const QUESTION_LIMITS = { perEvent: 20, labelMax: 200, options: 20, optionMax: 100, answerMax: 1000 } as const;

export const registrationQuestionInputSchema = z
  .object({
    /** A question kept from before (its answers stay); without it, a new question. */
    id: z.uuid().optional(),
    label: z
      .string({ error: msg('Question is required') })
      .trim()
      .min(1, msg('Question is required'))
      .max(QUESTION_LIMITS.labelMax, fill(msg('Question must be less than {{max}} characters'), { max: QUESTION_LIMITS.labelMax })),
    kind: z.enum(REGISTRATION_QUESTION_KINDS, msg('Please choose text, single choice or multiple choice')),
    options: z
      .array(z.string().trim().min(1, msg('An option cannot be empty')).max(QUESTION_LIMITS.optionMax, fill(msg('Options must be less than {{max}} characters'), { max: QUESTION_LIMITS.optionMax })))
      .max(QUESTION_LIMITS.options, fill(msg('At most {{max}} options'), { max: QUESTION_LIMITS.options }))
      .default([]),
    required: z.boolean().default(false),
  })
  .superRefine((question, ctx) => {
    if (question.kind === 'text') {
      if (question.options.length > 0) ctx.addIssue({ code: 'custom', path: ['options'], message: msg('A text question has no options') });
      return;
    }
    if (question.options.length < 2) ctx.addIssue({ code: 'custom', path: ['options'], message: msg('A choice question needs at least two options') });
    if (new Set(question.options.map((option) => option.toLowerCase())).size !== question.options.length) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: msg('Options must differ from each other') });
    }
  });
export type RegistrationQuestionInput = z.input<typeof registrationQuestionInputSchema>;

/** The organizer saves the whole list at once, in the order asked. */
export const saveRegistrationQuestionsSchema = z.object({
  questions: z.array(registrationQuestionInputSchema).max(QUESTION_LIMITS.perEvent, fill(msg('At most {{max}} questions'), { max: QUESTION_LIMITS.perEvent })),
});

/** A registration's answers: a text answer is one value, a choice answer the options chosen. */
export const registrationAnswersSchema = z.object({
  answers: z
    .array(
      z.object({
        questionId: z.uuid(msg('Unknown question')),
        value: z
          .array(z.string().trim().max(QUESTION_LIMITS.answerMax, fill(msg('Answers must be less than {{max}} characters'), { max: QUESTION_LIMITS.answerMax })))
          .max(QUESTION_LIMITS.options, msg('Too many options chosen')),
      }),
    )
    .max(QUESTION_LIMITS.perEvent, msg('Too many answers'))
    .default([]),
});
export type RegistrationAnswersInput = z.input<typeof registrationAnswersSchema>;

/** The refusal of a registration that leaves a required question unanswered (or answers one wrongly). */
export const answerRequiredMessage = (label: string) => fill(msg('Please answer: {{label}}'), { label });
export const answerInvalidMessage = (label: string) => fill(msg('Please choose from the options of: {{label}}'), { label });
