import { z } from 'zod';
import { fill, msg } from '../core/messages.ts';

// API keys (issue 21, decision 0170): a script acts as a person with a key instead of their password. A key reads
// only or reads and writes, for all the person's events or one, until it expires or is revoked.

export const API_KEY_ACCESS = ['read', 'read-write'] as const;
export type ApiKeyAccess = (typeof API_KEY_ACCESS)[number];

export const API_KEY_NAME_MAX = 60;
/** Live (neither revoked nor expired) keys one person may hold at once. */
export const API_KEYS_MAX = 50;

export const API_KEY_NAME_REQUIRED_MESSAGE = msg('Name is required');
export const API_KEY_NAME_TOO_LONG_MESSAGE = fill(msg('Name must be at most {{max}} characters'), { max: API_KEY_NAME_MAX });
export const API_KEY_ACCESS_MESSAGE = msg('Choose read only or read and write');
export const API_KEY_EXPIRY_PAST_MESSAGE = msg('The expiry date must be in the future');
export const API_KEY_EVENT_NOT_FOUND_MESSAGE = msg('Event not found');
export const API_KEY_NOT_FOUND_MESSAGE = msg('API key not found');
export const API_KEYS_MAX_MESSAGE = fill(msg('You can have at most {{max}} active API keys. Revoke one you no longer use.'), { max: API_KEYS_MAX });

/** A new key: its name, its access, one event or null (all the owner's events), and when it expires or null (never). */
export const createApiKeySchema = z.object({
  name: z.string().trim().min(1, API_KEY_NAME_REQUIRED_MESSAGE).max(API_KEY_NAME_MAX, API_KEY_NAME_TOO_LONG_MESSAGE),
  access: z.enum(API_KEY_ACCESS, API_KEY_ACCESS_MESSAGE),
  eventId: z.uuid(API_KEY_EVENT_NOT_FOUND_MESSAGE).nullable(),
  expiresAt: z.iso
    .datetime({ offset: true })
    .refine((value) => Date.parse(value) > Date.now(), API_KEY_EXPIRY_PAST_MESSAGE)
    .nullable(),
});
export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;

/** The expiries the web offers, in days from now (null: never). */
export const API_KEY_EXPIRY_CHOICES = [
  { value: 'never', label: 'Never', days: null },
  { value: '30', label: '30 days', days: 30 },
  { value: '90', label: '90 days', days: 90 },
  { value: '365', label: '1 year', days: 365 },
] as const;
