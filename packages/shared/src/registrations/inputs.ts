import { z } from 'zod';

// Registration for an event (issue 20): the lists an organizer reads, and the refusals a registration can meet. The
// spec has no wording for capacity or a waitlist; these are ours. The settings (capacity, window) are the event's own
// fields, changed through the event's update (events/inputs.ts).

/** The organizer's three lists: who holds a place, who waits for one, who gave theirs up (or was removed). */
export const REGISTRATION_LIST_STATUSES = ['registered', 'waitlisted', 'cancelled'] as const;
export type RegistrationListStatus = (typeof REGISTRATION_LIST_STATUSES)[number];

export const REGISTRATION_SEARCH_MAX = 100;

export const registrationListQuerySchema = z.object({
  status: z.enum(REGISTRATION_LIST_STATUSES, 'Please choose registered, waitlisted or cancelled').default('registered'),
  /** Part of a name or an email address. */
  search: z
    .string()
    .trim()
    .max(REGISTRATION_SEARCH_MAX, `Search must be less than ${REGISTRATION_SEARCH_MAX} characters`)
    .optional()
    .transform((value) => value || undefined),
  cursor: z.string().max(300).optional(),
});
export type RegistrationListQuery = z.input<typeof registrationListQuerySchema>;

export const REGISTRATION_MESSAGES = {
  closed: 'Registration is not open for this event',
  notYetOpen: 'Registration for this event has not opened yet',
  windowClosed: 'Registration for this event has closed',
  notRegistered: 'You are not registered for this event',
  registrationNotFound: 'Registration not found',
} as const;

// ---- Registration questions: asked on registering, shown to organizers -------------------------------------------

export const REGISTRATION_QUESTION_KINDS = ['text', 'single_choice', 'multiple_choice'] as const;
export type RegistrationQuestionKind = (typeof REGISTRATION_QUESTION_KINDS)[number];
export const REGISTRATION_QUESTION_KIND_LABELS: Record<RegistrationQuestionKind, string> = {
  text: 'Text',
  single_choice: 'Single choice',
  multiple_choice: 'Multiple choice',
};
export const QUESTION_LIMITS = { perEvent: 20, labelMax: 200, options: 20, optionMax: 100, answerMax: 1000 } as const;

export const registrationQuestionInputSchema = z
  .object({
    /** A question kept from before (its answers stay); without it, a new question. */
    id: z.uuid().optional(),
    label: z
      .string({ error: 'Question is required' })
      .trim()
      .min(1, 'Question is required')
      .max(QUESTION_LIMITS.labelMax, `Question must be less than ${QUESTION_LIMITS.labelMax} characters`),
    kind: z.enum(REGISTRATION_QUESTION_KINDS, 'Please choose text, single choice or multiple choice'),
    options: z
      .array(z.string().trim().min(1, 'An option cannot be empty').max(QUESTION_LIMITS.optionMax, `Options must be less than ${QUESTION_LIMITS.optionMax} characters`))
      .max(QUESTION_LIMITS.options, `At most ${QUESTION_LIMITS.options} options`)
      .default([]),
    required: z.boolean().default(false),
  })
  .superRefine((question, ctx) => {
    if (question.kind === 'text') {
      if (question.options.length > 0) ctx.addIssue({ code: 'custom', path: ['options'], message: 'A text question has no options' });
      return;
    }
    if (question.options.length < 2) ctx.addIssue({ code: 'custom', path: ['options'], message: 'A choice question needs at least two options' });
    if (new Set(question.options.map((option) => option.toLowerCase())).size !== question.options.length) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'Options must differ from each other' });
    }
  });
export type RegistrationQuestionInput = z.input<typeof registrationQuestionInputSchema>;

/** The organizer saves the whole list at once, in the order asked. */
export const saveRegistrationQuestionsSchema = z.object({
  questions: z.array(registrationQuestionInputSchema).max(QUESTION_LIMITS.perEvent, `At most ${QUESTION_LIMITS.perEvent} questions`),
});

/** A registration's answers: a text answer is one value, a choice answer the options chosen. */
export const registrationAnswersSchema = z.object({
  answers: z
    .array(
      z.object({
        questionId: z.uuid('Unknown question'),
        value: z
          .array(z.string().trim().max(QUESTION_LIMITS.answerMax, `Answers must be less than ${QUESTION_LIMITS.answerMax} characters`))
          .max(QUESTION_LIMITS.options, 'Too many options chosen'),
      }),
    )
    .max(QUESTION_LIMITS.perEvent, 'Too many answers')
    .default([]),
});
export type RegistrationAnswersInput = z.input<typeof registrationAnswersSchema>;

/** The refusal of a registration that leaves a required question unanswered (or answers one wrongly). */
export const answerRequiredMessage = (label: string) => `Please answer: ${label}`;
export const answerInvalidMessage = (label: string) => `Please choose from the options of: ${label}`;
