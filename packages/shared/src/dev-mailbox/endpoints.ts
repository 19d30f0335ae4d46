import { get } from '../core/endpoint.ts';
import type { outboxSchema } from './contract.ts';

/** The development mailbox (404 wherever it is not enabled). */
export const devMailboxEndpoints = {
  list: get<typeof outboxSchema>('/api/dev/mailbox'),
};
