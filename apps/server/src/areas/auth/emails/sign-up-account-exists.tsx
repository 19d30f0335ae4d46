import { composeEmail, Paragraph } from '../../../platform/mail/layout.tsx';
import type { RenderedEmail } from '../../../platform/mail/render.ts';

export interface SignUpAccountExistsEmail {
  publicUrl: string;
  email: string;
}

/**
 * Sign-up with an address that already has an account: the owner is told plainly, with no code and no word the
 * person who tried typed (not even the name), so the mail cannot carry a stranger's text to them.
 */
export function signUpAccountExistsEmail({ publicUrl, email }: SignUpAccountExistsEmail): Promise<RenderedEmail> {
  return composeEmail({
    essential: true,
    subject: 'Someone tried to create a Mingle account with your address',
    preview: 'No new account was created and no code was sent.',
    publicUrl,
    heading: 'Someone tried to sign up with your address',
    action: { label: 'Sign in', url: `${publicUrl}/auth` },
    reason: `You got this email because someone tried to sign up for Mingle with ${email}, which already has an account.`,
    children: (
      <>
        <Paragraph>
          Someone tried to create a Mingle account with your email address, which already has one. No new account was created and no code was sent.
        </Paragraph>
        <Paragraph>If it was you, sign in or reset your password.</Paragraph>
        <Paragraph>If it was not you, you need do nothing: your account is unchanged.</Paragraph>
      </>
    ),
  });
}
