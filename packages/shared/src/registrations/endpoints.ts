import { del, get, post, put } from '../core/endpoint.ts';
import type { registrationPageSchema, registrationQuestionsSchema, registrationResultSchema, registrationSummarySchema } from './contract.ts';
import type { registrationImportInputSchema, registrationImportResultSchema } from './import.ts';
import type { registrationAnswersSchema, saveRegistrationQuestionsSchema } from './inputs.ts';

/**
 * The registrations API. The caller's own registration: `register` (a place, or the waitlist when full) and `cancel`
 * (gives up a place or leaves the waitlist). The organizer's: `list` takes `?status=registered|waitlisted|cancelled
 * &search=&cursor=`; `remove` ends someone's registration or waitlist place. `questions` are asked on registering
 * (the answers go with `register`); organizers `saveQuestions`, the whole list at once, and `import` people from a
 * CSV file's mapped rows (a preview with `dryRun`, then for real). Not JSON, so not here: the
 * organizers' CSV of registrations and waitlist (`/api/events/{eventId}/registrations.csv`, a download link).
 */
export const registrationEndpoints = {
  register: post<typeof registrationResultSchema, typeof registrationAnswersSchema>('/api/events/{eventId}/registration'),
  cancel: del('/api/events/{eventId}/registration'),
  list: get<typeof registrationPageSchema>('/api/events/{eventId}/registrations'),
  summary: get<typeof registrationSummarySchema>('/api/events/{eventId}/registrations/summary'),
  remove: del('/api/events/{eventId}/registrations/{userId}'),
  questions: get<typeof registrationQuestionsSchema>('/api/events/{eventId}/registration-questions'),
  saveQuestions: put<typeof registrationQuestionsSchema, typeof saveRegistrationQuestionsSchema>('/api/events/{eventId}/registration-questions'),
  import: post<typeof registrationImportResultSchema, typeof registrationImportInputSchema>('/api/events/{eventId}/registration-imports'),
};
