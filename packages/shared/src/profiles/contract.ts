import { z } from 'zod';
import { LANGUAGE_CODES, PLATFORM_ROLES, USER_TYPES } from '../core/constants.ts';

// What the account's own routes (/api/me) answer. The server's routes answer with these schemas (the OpenAPI
// document names them by their id) and both apps infer their types from them.

export const profileSchema = z
  .object({
    id: z.uuid(),
    fullName: z.string(),
    userType: z.enum(USER_TYPES).nullable(),
    companyOrInstitution: z.string().nullable(),
    jobTitle: z.string().nullable(),
    selectedInterests: z.array(z.string()),
    selectedGoals: z.array(z.string()),
    bio: z.string().nullable(),
    linkedinUrl: z.string().nullable(),
    githubUrl: z.string().nullable(),
    showLinkedin: z.boolean(),
    showGithub: z.boolean(),
    avatarUrl: z.string().nullable(),
    level: z.number().int(),
    points: z.number().int(),
    totalInteractions: z.number().int(),
    termsAcceptedAt: z.string().nullable().meta({ format: 'date-time' }),
    qrTokenExpiresAt: z.string().nullable().meta({ format: 'date-time' }),
    createdAt: z.string().meta({ format: 'date-time' }),
    updatedAt: z.string().meta({ format: 'date-time' }),
  })
  .meta({ id: 'Profile' });
export type ProfileDto = z.output<typeof profileSchema>;

export const meSchema = z
  .object({
    user: z.object({
      id: z.uuid(),
      email: z.string(),
      name: z.string(),
      image: z.string().nullable(),
      emailVerified: z.boolean(),
      twoFactorEnabled: z.boolean(),
      /** The person's language; null until they chose one (their devices keep their own until then). */
      language: z.enum(LANGUAGE_CODES).nullable(),
    }),
    roles: z.array(z.enum(PLATFORM_ROLES)),
    profile: profileSchema.nullable(),
    provider: z.enum(['email', 'github', 'linkedin']).nullable(),
    isVolunteer: z.boolean().meta({ description: 'Volunteers for at least one event (the /home redirect)' }),
  })
  .meta({ id: 'Me' });
export type MeDto = z.output<typeof meSchema>;

export const deviceSchema = z
  .object({
    id: z.uuid(),
    userAgent: z.string().nullable(),
    ipAddress: z.string().nullable(),
    createdAt: z.string().meta({ format: 'date-time' }),
    lastActiveAt: z.string().meta({ format: 'date-time' }),
    expiresAt: z.string().meta({ format: 'date-time' }),
    current: z.boolean().meta({ description: 'The device making this request' }),
  })
  .meta({ id: 'Device' });
export type DeviceDto = z.output<typeof deviceSchema>;
export const devicesSchema = z.object({ devices: z.array(deviceSchema) });

/** The token is answered once: the server keeps only its SHA-256 hash. */
export const qrTokenSchema = z
  .object({
    token: z.string(),
    expiresAt: z.string().meta({ format: 'date-time' }),
    /** What the connect QR carries (decision 0093). */
    connectCode: z.string().meta({ description: 'What the connect QR code carries (/connect/{userId}?token=…); valid as long as the token' }),
  })
  .meta({ id: 'QrToken' });
export type QrTokenDto = z.output<typeof qrTokenSchema>;

/** How many sessions were signed out. */
export const signedOutSchema = z.object({ signedOut: z.number().int() });

/** The saved language choice. */
export const languageChoiceAnswerSchema = z.object({ language: z.enum(LANGUAGE_CODES) }).meta({ id: 'LanguageChoice' });
