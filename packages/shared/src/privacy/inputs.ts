import { z } from 'zod';
import { msg } from '../core/messages.ts';

// People's rights over their data (issue 23, decision 0186): the data export and the account's deletion.

export const DELETE_ACCOUNT_PASSWORD_MESSAGE = msg('Please enter your password to confirm');
export const DELETE_ACCOUNT_WRONG_PASSWORD_MESSAGE = msg('That password is not correct');
export const DELETE_ACCOUNT_EMAIL_MESSAGE = msg('Please type your email address to confirm');
export const DELETE_ACCOUNT_OWNS_EVENTS_MESSAGE =
  msg('You organize events. Delete them, or ask a super admin to hand them over, before deleting your account.');
export const DATA_EXPORT_BUSY_MESSAGE = msg('Your data is already being prepared. Try again in a moment.');
export const DATA_EXPORT_TOO_MANY_MESSAGE = msg('You have downloaded your data several times already. Try again later.');

/**
 * The confirmation of a deletion: the password of an account that has one; an account that signs in only through
 * GitHub or LinkedIn types its email address instead (it has no password to give).
 */
export const deleteAccountInputSchema = z.object({
  password: z.string().max(200).optional(),
  email: z.string().max(320).optional(),
});
export type DeleteAccountInput = z.input<typeof deleteAccountInputSchema>;

/** The name a deleted person's kept contributions show (their question, the messages someone received). */
export const DELETED_USER_NAME = 'Deleted user';
