import { composeEmail, Paragraph } from '../../../platform/mail/layout.tsx';
import type { RenderedEmail } from '../../../platform/mail/render.ts';

export interface PasswordResetEmail {
  publicUrl: string;
  email: string;
  /** Better Auth's reset link (valid for one hour). */
  url: string;
}

/** Forgot password: the link that lets the owner choose a new one. */
export function passwordResetEmail({ publicUrl, email, url }: PasswordResetEmail): Promise<RenderedEmail> {
  return composeEmail({
    essential: true,
    subject: 'Reset your Mingle password',
    preview: 'Choose a new password (the link is valid for one hour).',
    publicUrl,
    heading: 'Reset your password',
    action: { label: 'Choose a new password', url },
    reason: `You got this email because someone asked to reset the password of the Mingle account ${email}.`,
    children: (
      <>
        <Paragraph>Someone asked to reset the password of your Mingle account.</Paragraph>
        <Paragraph>Choose a new password here (valid for one hour):</Paragraph>
      </>
    ),
    after: <Paragraph>If it was not you, ignore this email: your password stays as it is.</Paragraph>,
  });
}
