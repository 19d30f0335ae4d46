import { z } from 'zod';
import { AVATAR_TYPES, LIMITS, OPTION_NAME_MAX, PROFILE_LIMITS, USER_TYPES } from '../core/constants.ts';
import { emailSchema, newPasswordSchema } from '../auth/inputs.ts';
import { languageSchema } from '../core/language-schema.ts';
import { fill, msg } from '../core/messages.ts';

// Spec 01 section 5: the profile, avatar and password-change rules with their exact messages. The profile form
// and PATCH /api/me/profile both parse with these schemas, so a rule and its message exist here only.

export const PROFILE_MESSAGES = {
  nameRequired: msg('Name is required'),
  nameTooLong: msg('Name must be less than 100 characters'),
  companyRequired: msg('Company/School/University is required'),
  companyTooLong: msg('Must be less than 100 characters'),
  bioTooLong: msg('Bio must be less than 2000 characters'),
  urlTooLong: msg('URL must be less than 500 characters'),
  userTypeInvalid: msg('Please select a valid user type'),
  // The spec marks both lists required without a message of its own (docs/decisions/0010).
  interestsRequired: msg('Please select at least one professional interest'),
  goalsRequired: msg('Please select at least one networking goal'),
  tooManyOptions: fill(msg('Please select at most {{max}} options'), { max: PROFILE_LIMITS.optionsPerList }),
} as const;

export const AVATAR_MESSAGES = {
  type: msg('Please select a JPG, PNG, or WebP image'),
  size: msg('Image size must be less than 5MB'),
} as const;

export const PASSWORD_MESSAGES = {
  currentRequired: msg('Current password is required'),
  confirmRequired: msg('Please confirm your password'),
  mismatch: msg("Passwords don't match"),
  currentIncorrect: msg('Current password is incorrect'),
} as const;

/** A declared file type the avatar upload accepts (spec: jpeg, jpg, png, webp). */
export function isAvatarType(type: string): boolean {
  return (AVATAR_TYPES as readonly string[]).includes(type.toLowerCase());
}

/** The avatar's size rule: under 5 MB (LIMITS.avatarBytes). */
export function isAvatarSizeAllowed(bytes: number): boolean {
  return bytes <= LIMITS.avatarBytes;
}

function parseHttpUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * The host rule, read strictly (docs/decisions/0010): the URL's host is the domain itself or one of its
 * subdomains (www.linkedin.com, uk.linkedin.com), never a host that merely contains the text
 * (linkedin.com.evil.example) or a path or query that does.
 */
export function isUrlFromDomain(value: string, domain: string): boolean {
  const url = parseHttpUrl(value);
  if (!url) return false;
  const host = url.hostname.toLowerCase();
  return host === domain || host.endsWith(`.${domain}`);
}

/** A social profile URL: empty (cleared, saved as null), else http(s), at most 500 characters, on the domain. */
function socialUrlSchema(label: 'LinkedIn' | 'GitHub', domain: string) {
  return z
    .string()
    .trim()
    .max(PROFILE_LIMITS.url, PROFILE_MESSAGES.urlTooLong)
    .superRefine((value, ctx) => {
      if (value === '') return;
      if (!parseHttpUrl(value)) {
        ctx.addIssue({ code: 'custom', message: fill(msg('{{label}} URL must be a valid HTTP/HTTPS URL'), { label }) });
      } else if (!isUrlFromDomain(value, domain)) {
        ctx.addIssue({ code: 'custom', message: fill(msg('{{label}} URL must be from {{domain}} domain'), { label, domain }) });
      }
    })
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();
}

/** Interests or goals: option names, at least one, duplicates dropped (the server checks they exist). */
function optionListSchema(requiredMessage: string) {
  return z
    .array(z.string().trim().min(1).max(OPTION_NAME_MAX))
    .min(1, requiredMessage)
    .max(PROFILE_LIMITS.optionsPerList, PROFILE_MESSAGES.tooManyOptions)
    .transform((names) => [...new Set(names)]);
}

/** Empty text saved as null. */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

/**
 * The editable profile (spec 01 "Profile"), in the form's order so the first failing rule is the first field
 * on screen. Required fields must be sent; an optional field left out keeps its saved value, and an empty one
 * clears it. The avatar, level, points and terms are not editable here: they have routes of their own.
 */
export const profileUpdateSchema = z.object({
  fullName: z
    .string(PROFILE_MESSAGES.nameRequired)
    .trim()
    .min(1, PROFILE_MESSAGES.nameRequired)
    .max(PROFILE_LIMITS.fullName, PROFILE_MESSAGES.nameTooLong),
  userType: z
    .union([z.enum(USER_TYPES), z.literal('')], PROFILE_MESSAGES.userTypeInvalid)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional(),
  companyOrInstitution: z
    .string(PROFILE_MESSAGES.companyRequired)
    .trim()
    .min(1, PROFILE_MESSAGES.companyRequired)
    .max(PROFILE_LIMITS.company, PROFILE_MESSAGES.companyTooLong),
  selectedInterests: optionListSchema(PROFILE_MESSAGES.interestsRequired),
  selectedGoals: optionListSchema(PROFILE_MESSAGES.goalsRequired),
  bio: optionalText(PROFILE_LIMITS.bio, PROFILE_MESSAGES.bioTooLong),
  linkedinUrl: socialUrlSchema('LinkedIn', 'linkedin.com'),
  showLinkedin: z.boolean().optional(),
  githubUrl: socialUrlSchema('GitHub', 'github.com'),
  showGithub: z.boolean().optional(),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

const confirmationMatches = {
  message: PASSWORD_MESSAGES.mismatch,
  path: ['confirmPassword'],
  // Checked as soon as both passwords are present, even while another field is still wrong.
  when: (payload: { value: unknown }) => {
    const value = payload.value as { newPassword?: unknown; confirmPassword?: unknown } | undefined;
    return typeof value?.newPassword === 'string' && typeof value.confirmPassword === 'string' && value.confirmPassword !== '';
  },
};

/** The Change Password card. A wrong current password is the server's answer (PASSWORD_MESSAGES.currentIncorrect). */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, PASSWORD_MESSAGES.currentRequired),
    newPassword: newPasswordSchema,
    confirmPassword: z.string().min(1, PASSWORD_MESSAGES.confirmRequired),
  })
  .refine((value) => value.newPassword === value.confirmPassword, confirmationMatches);
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The reset-password page: the same password rules as sign-up and the change card. */
export const resetPasswordSchema = z
  .object({
    newPassword: newPasswordSchema,
    confirmPassword: z.string().min(1, PASSWORD_MESSAGES.confirmRequired),
  })
  .refine((value) => value.newPassword === value.confirmPassword, confirmationMatches);
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** "Forgot password?": the email to send the reset link to. */
export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;


/** PUT /api/me/language: the person's language, kept on the account for every device and for email (decision 0184). */
export const languageChoiceSchema = z.object({ language: languageSchema });
export type LanguageChoice = z.input<typeof languageChoiceSchema>;
