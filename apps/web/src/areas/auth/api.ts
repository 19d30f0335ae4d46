import { authEndpoints } from '@mingle/shared/auth/endpoints';
import type { SignUpInput } from '@mingle/shared/auth/inputs';
import { profileEndpoints } from '@mingle/shared/profiles/endpoints';
import { call } from '@/lib/api';
import { currentLanguage } from '@/lib/i18n';

// The account area's own calls; sign-in, sign-out, two-factor and resets go through Better Auth's client.

/** Sends (or resends) the sign-up code, in the language the person signs up in. */
export const requestSignUpCode = (values: SignUpInput) =>
  call(authEndpoints.requestCode, { body: { ...values, language: currentLanguage() } });

/** The password goes with the code: the server sets it only for the caller who has the code (decision 0080). */
export const verifySignUpCode = (email: string, code: string, password: string) =>
  call(authEndpoints.verifyCode, { body: { email, code, password } });

/** The account keeps the interface's language as the person's own (decision 0184). */
export const completeSignUp = (email: string, verificationToken: string) =>
  call(authEndpoints.complete, { body: { email, verificationToken, acceptTerms: true, language: currentLanguage() } });

export const acceptTerms = () => call(profileEndpoints.acceptTerms);
