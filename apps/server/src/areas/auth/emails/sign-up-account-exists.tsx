import { mailT } from '../../../platform/mail/i18n.ts';
import { composeEmail, Paragraph } from '../../../platform/mail/layout.tsx';
import type { RenderedEmail } from '../../../platform/mail/render.ts';
import { mailTemplate } from '../../../platform/mail/templates.ts';

export interface SignUpAccountExistsEmail {
  publicUrl: string;
  email: string;
}

/**
 * Sign-up with an address that already has an account: the owner is told plainly, with no code and no word the
 * person who tried typed (not even the name), so the mail cannot carry a stranger's text to them. A template, so the
 * worker writes it in the account's language, not the stranger's (decision 0184).
 */
export const signUpAccountExistsEmail = mailTemplate('sign-up-account-exists', ({ publicUrl, email }: SignUpAccountExistsEmail, language): Promise<RenderedEmail> => {
  const t = mailT(language);
  return composeEmail({
    language,
    essential: true,
    subject: t('Someone tried to create a Mingle account with your address'),
    preview: t('No new account was created and no code was sent.'),
    publicUrl,
    heading: t('Someone tried to sign up with your address'),
    action: { label: t('Sign in'), url: `${publicUrl}/auth` },
    reason: t('You got this email because someone tried to sign up for Mingle with {{email}}, which already has an account.', { email }),
    children: (
      <>
        <Paragraph>
          {t('Someone tried to create a Mingle account with your email address, which already has one. No new account was created and no code was sent.')}
        </Paragraph>
        <Paragraph>{t('If it was you, sign in or reset your password.')}</Paragraph>
        <Paragraph>{t('If it was not you, you need do nothing: your account is unchanged.')}</Paragraph>
      </>
    ),
  });
});
