import { LIMITS, type LanguageCode } from '@mingle/shared/core/constants';
import { mailT } from '../../../platform/mail/i18n.ts';
import { Code, composeEmail, Paragraph } from '../../../platform/mail/layout.tsx';
import type { RenderedEmail } from '../../../platform/mail/render.ts';

export interface SignUpCodeEmail {
  publicUrl: string;
  /** The address being signed up, named in the footer. */
  email: string;
  fullName: string;
  code: string;
  /** The language the person signs up in (they have no account yet); English when not given. */
  language?: LanguageCode;
}

/** Step 1 of sign-up: the 6-digit code that proves the address is the person's. */
export function signUpCodeEmail({ publicUrl, email, fullName, code, language = 'en' }: SignUpCodeEmail): Promise<RenderedEmail> {
  const { validMinutes } = LIMITS.signupCode;
  const t = mailT(language);
  return composeEmail({
    language,
    essential: true,
    subject: t('{{code}} is your Mingle verification code', { code }),
    preview: t('It is valid for {{count}} minutes.', { count: validMinutes }),
    publicUrl,
    heading: t('Your verification code'),
    reason: t(
      'You got this email because {{email}} was used to sign up for Mingle. If you did not sign up for Mingle, ignore this email.',
      { email },
    ),
    children: (
      <>
        <Paragraph>{t('Hello {{name}},', { name: fullName })}</Paragraph>
        <Paragraph>{t('Your Mingle verification code is {{code}}.', { code })}</Paragraph>
        <Code>{code}</Code>
        <Paragraph>{t('It is valid for {{count}} minutes.', { count: validMinutes })}</Paragraph>
      </>
    ),
  });
}
