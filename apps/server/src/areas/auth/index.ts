// The auth area: sign-up and the account checks around Better Auth's own routes.
export { authRoutes } from './routes.ts';
// Its emails (rendered here, sent by the caller through the mailer).
export { passwordResetEmail } from './emails/password-reset.tsx';
export { signUpAccountExistsEmail } from './emails/sign-up-account-exists.tsx';
export { signUpCodeEmail } from './emails/sign-up-code.tsx';
