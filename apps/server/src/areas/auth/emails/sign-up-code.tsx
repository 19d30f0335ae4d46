import { LIMITS } from '@mingle/shared/core/constants';
import { Code, composeEmail, Paragraph } from '../../../platform/mail/layout.tsx';
import type { RenderedEmail } from '../../../platform/mail/render.ts';

export interface SignUpCodeEmail {
  publicUrl: string;
  /** The address being signed up, named in the footer. */
  email: string;
  fullName: string;
  code: string;
}

/** Step 1 of sign-up: the 6-digit code that proves the address is the person's. */
export function signUpCodeEmail({ publicUrl, email, fullName, code }: SignUpCodeEmail): Promise<RenderedEmail> {
  const { validMinutes } = LIMITS.signupCode;
  return composeEmail({
    essential: true,
    subject: `${code} is your Mingle verification code`,
    preview: `It is valid for ${validMinutes} minutes.`,
    publicUrl,
    heading: 'Your verification code',
    reason: `You got this email because ${email} was used to sign up for Mingle. If you did not sign up for Mingle, ignore this email.`,
    children: (
      <>
        <Paragraph>Hello {fullName},</Paragraph>
        <Paragraph>Your Mingle verification code is {code}.</Paragraph>
        <Code>{code}</Code>
        <Paragraph>It is valid for {validMinutes} minutes.</Paragraph>
      </>
    ),
  });
}
