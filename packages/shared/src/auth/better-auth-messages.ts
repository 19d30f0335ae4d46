import { msg } from '../core/messages.ts';

// Better Auth answers sign-in, password reset, password change and two-factor with its own English messages
// (@better-auth/core's error codes and its two-factor plugin's). The web shows them (lib/auth-errors.ts), so the ones
// those flows can answer are marked here, word for word, for the messages namespace.
export const BETTER_AUTH_MESSAGES = {
  invalidCredentials: msg('Invalid email or password'),
  invalidPassword: msg('Invalid password'),
  invalidEmail: msg('Invalid email'),
  emailNotVerified: msg('Email not verified'),
  userNotFound: msg('User not found'),
  invalidToken: msg('Invalid token'),
  tokenExpired: msg('Token expired'),
  passwordTooShort: msg('Password too short'),
  passwordTooLong: msg('Password too long'),
  userExists: msg('User already exists. Use another email.'),
  sessionExpired: msg('Session expired. Re-authenticate to perform this action.'),
  sessionNotFresh: msg('Session is not fresh'),
  credentialAccountNotFound: msg('Credential account not found'),
  invalidOrigin: msg('Invalid origin'),
  invalidCode: msg('Invalid code'),
  invalidBackupCode: msg('Invalid backup code'),
  otpExpired: msg('OTP has expired'),
  tooManyAttempts: msg('Too many attempts. Please request a new code.'),
  accountLocked: msg('Too many failed verification attempts. Your account is temporarily locked. Please try again later.'),
  invalidTwoFactorCookie: msg('Invalid two factor cookie'),
} as const;
