import { z } from 'zod';
import { languageSchema } from '../core/language-schema.ts';
import { msg } from '../core/messages.ts';

// Spec 01, section 5: the sign-up, sign-in and code rules with their exact messages.

export const PERSONAL_EMAIL_DOMAINS = [
  'gmail.com',
  'yahoo.com',
  'hotmail.com',
  'outlook.com',
  'aol.com',
  'icloud.com',
  'protonmail.com',
  'zoho.com',
  'mail.com',
  'gmx.com',
  'yandex.com',
  'inbox.com',
  'live.com',
  'msn.com',
] as const;

export const PERSONAL_EMAIL_MESSAGE = msg('Please use a company email address. Personal email providers are not allowed.');

/** The part after the last `@`, lower-case, without a trailing dot. */
export function emailDomain(email: string): string {
  return (email.trim().toLowerCase().split('@').pop() ?? '').replace(/\.+$/, '');
}

/**
 * Whether the address's domain is one of `domains` or a subdomain of one (`sub.gmail.com` is gmail's), in any case.
 */
export function emailDomainIn(email: string, domains: ReadonlySet<string>): boolean {
  const labels = emailDomain(email).split('.');
  for (let start = 0; start < labels.length - 1; start++) {
    if (domains.has(labels.slice(start).join('.'))) return true;
  }
  return false;
}

const SPEC_PERSONAL_DOMAINS: ReadonlySet<string> = new Set(PERSONAL_EMAIL_DOMAINS);

/**
 * The spec's own list (subdomains and case included). The server adds a maintained list of free-mail providers on
 * top (apps/server/src/platform/auth/personal-email.ts); the web form only hints with this one, the server decides.
 */
export function isPersonalEmail(email: string): boolean {
  return emailDomainIn(email, SPEC_PERSONAL_DOMAINS);
}

export const fullNameSchema = z
  .string()
  .trim()
  .min(2, msg('Name must be at least 2 characters'))
  .max(100, msg('Name must be less than 100 characters'));

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email(msg('Invalid email address')).max(255, msg('Email must be less than 255 characters')));

export const companyEmailSchema = emailSchema.refine((email) => !isPersonalEmail(email), PERSONAL_EMAIL_MESSAGE);

export const newPasswordSchema = z
  .string()
  .min(8, msg('Password must be at least 8 characters'))
  .max(100, msg('Password must be less than 100 characters'));

/**
 * Step 1. The email is checked against personal providers on the server (a maintained list, an operator setting and
 * invitations decide), not here: an invited `gmail.com` address may sign up.
 */
export const signUpSchema = z.object({
  fullName: fullNameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  /** The interface's language where the person signs up: the code's email speaks it (decision 0184). */
  language: languageSchema.optional(),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, msg('Password is required')),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const verificationCodeSchema = z.string().regex(/^\d{6}$/, msg('Please enter a valid 6-digit code'));

/**
 * Step 2. The password travels again with the code: it is set only by the caller who proves control of the mailbox
 * (decision 0080), so a stranger's code request can never choose the password of someone else's sign-up.
 */
export const verifyCodeSchema = z.object({
  email: emailSchema,
  code: verificationCodeSchema,
  password: newPasswordSchema,
});

export const completeSignUpSchema = z.object({
  email: emailSchema,
  verificationToken: z.string().min(1),
  acceptTerms: z.literal(true, msg('You must accept the terms to create an account')),
  /** The interface's language where the person signs up, kept as the account's (decision 0184). */
  language: languageSchema.optional(),
});
