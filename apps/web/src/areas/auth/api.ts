import { authEndpoints } from '@mingle/shared/auth/endpoints';
import type { SignUpInput } from '@mingle/shared/auth/inputs';
import { profileEndpoints } from '@mingle/shared/profiles/endpoints';
import { call } from '@/lib/api';

// The account area's own calls; sign-in, sign-out, two-factor and resets go through Better Auth's client.

/** Sends (or resends) the sign-up code. */
export const requestSignUpCode = (values: SignUpInput) => call(authEndpoints.requestCode, { body: values });

/** The password goes with the code: the server sets it only for the caller who has the code (decision 0080). */
export const verifySignUpCode = (email: string, code: string, password: string) =>
  call(authEndpoints.verifyCode, { body: { email, code, password } });

export const completeSignUp = (email: string, verificationToken: string) =>
  call(authEndpoints.complete, { body: { email, verificationToken, acceptTerms: true } });

export const acceptTerms = () => call(profileEndpoints.acceptTerms);
