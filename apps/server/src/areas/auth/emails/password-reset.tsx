import { mailT } from '../../../platform/mail/i18n.ts';
import { composeEmail, Paragraph } from '../../../platform/mail/layout.tsx';
import type { RenderedEmail } from '../../../platform/mail/render.ts';
import { mailTemplate } from '../../../platform/mail/templates.ts';

export interface PasswordResetEmail {
  publicUrl: string;
  email: string;
  /** Better Auth's reset link (valid for one hour). */
  url: string;
}

/**
 * Forgot password: the link that lets the owner choose a new one. A template, so the worker writes it in the language
 * of the account it goes to (decision 0184).
 */
export const passwordResetEmail = mailTemplate('password-reset', ({ publicUrl, email, url }: PasswordResetEmail, language): Promise<RenderedEmail> => {
  const t = mailT(language);
  return composeEmail({
    language,
    essential: true,
    subject: t('Reset your Mingle password'),
    preview: t('Choose a new password (the link is valid for one hour).'),
    publicUrl,
    heading: t('Reset your password'),
    action: { label: t('Choose a new password'), url },
    reason: t('You got this email because someone asked to reset the password of the Mingle account {{email}}.', { email }),
    children: (
      <>
        <Paragraph>{t('Someone asked to reset the password of your Mingle account.')}</Paragraph>
        <Paragraph>{t('Choose a new password here (valid for one hour):')}</Paragraph>
      </>
    ),
    after: <Paragraph>{t('If it was not you, ignore this email: your password stays as it is.')}</Paragraph>,
  });
});
