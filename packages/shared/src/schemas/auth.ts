import { z } from 'zod';

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

export const PERSONAL_EMAIL_MESSAGE = 'Please use a company email address. Personal email providers are not allowed.';

export function isPersonalEmail(email: string): boolean {
  const domain = email.trim().toLowerCase().split('@').pop() ?? '';
  return (PERSONAL_EMAIL_DOMAINS as readonly string[]).includes(domain);
}

export const fullNameSchema = z
  .string()
  .trim()
  .min(2, 'Name must be at least 2 characters')
  .max(100, 'Name must be less than 100 characters');

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email('Invalid email address').max(255, 'Email must be less than 255 characters'));

export const companyEmailSchema = emailSchema.refine((email) => !isPersonalEmail(email), PERSONAL_EMAIL_MESSAGE);

export const newPasswordSchema = z
  .string()
  .min(8, 'Password must be at least 8 characters')
  .max(100, 'Password must be less than 100 characters');

export const signUpSchema = z.object({
  fullName: fullNameSchema,
  email: companyEmailSchema,
  password: newPasswordSchema,
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Password is required'),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const verificationCodeSchema = z.string().regex(/^\d{6}$/, 'Please enter a valid 6-digit code');

export const verifyCodeSchema = z.object({
  email: emailSchema,
  code: verificationCodeSchema,
});

export const completeSignUpSchema = z.object({
  email: emailSchema,
  verificationToken: z.string().min(1),
  acceptTerms: z.literal(true, 'You must accept the terms to create an account'),
});
