import { del, get, post } from '../core/endpoint.ts';
import type { optionSchema, optionsSchema } from './contract.ts';
import type { createOptionSchema } from './inputs.ts';

/** The options API: `?scope=mine|global|event&eventId=` chooses the lists. */
export const optionEndpoints = {
  list: get<typeof optionsSchema>('/api/options'),
  add: post<typeof optionSchema, typeof createOptionSchema>('/api/options/{kind}'),
  remove: del('/api/options/{kind}/{optionId}'),
};
