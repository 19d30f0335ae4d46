import { z } from 'zod';

// What the sign-up routes (/api/signup) answer. The server's routes answer with these schemas and the web infers
// its types from them.

export const signUpCodeSentSchema = z.object({
  attemptsLeft: z.number().int().meta({ description: 'Wrong codes this code still takes' }),
  resendsLeft: z.number().int().meta({ description: 'More codes this address may ask for now (Resend Code)' }),
});

export const codeVerifiedSchema = z.object({ verificationToken: z.string() });

export const signUpCompletedSchema = z.object({ userId: z.uuid() });
