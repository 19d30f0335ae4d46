import { post } from '../core/endpoint.ts';
import type { codeVerifiedSchema, signUpCodeSentSchema, signUpCompletedSchema } from './contract.ts';
import type { completeSignUpSchema, signUpSchema, verifyCodeSchema } from './inputs.ts';

/** Spec 01's sign-up by emailed code (everything else of the account is Better Auth's, under /api/auth). */
export const authEndpoints = {
  requestCode: post<typeof signUpCodeSentSchema, typeof signUpSchema>('/api/signup/code'),
  verifyCode: post<typeof codeVerifiedSchema, typeof verifyCodeSchema>('/api/signup/verify'),
  complete: post<typeof signUpCompletedSchema, typeof completeSignUpSchema>('/api/signup/complete'),
};
