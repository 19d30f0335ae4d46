// Loaded on demand (lazy.ts): zod and the shared rules are needed to check a form, not to draw it, so the auth
// page paints without them and fetches them right after.
export { zodResolver } from '@hookform/resolvers/zod';
export { signInSchema, signUpSchema, verificationCodeSchema } from '@mingle/shared/auth/inputs';
export { forgotPasswordSchema, resetPasswordSchema } from '@mingle/shared/profiles/inputs';
