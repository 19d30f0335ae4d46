import type { TFunction } from 'i18next';
import type { InvitationRole, LanguageCode } from '@mingle/shared/core/constants';
import { INVITATION_VALID_DAYS } from '@mingle/shared/invitations/inputs';
import { formatSpan } from '../../../platform/mail/format.ts';
import { mailT } from '../../../platform/mail/i18n.ts';
import { composeEmail, Facts, Paragraph } from '../../../platform/mail/layout.tsx';
import type { RenderedEmail } from '../../../platform/mail/render.ts';
import { mailTemplate } from '../../../platform/mail/templates.ts';

export interface InvitationEmail {
  publicUrl: string;
  /** The invited address: the account to accept with. */
  email: string;
  event: { name: string; logoUrl?: string | null; startDate: Date | string; endDate: Date | string; location?: string | null };
  /** The zone the event's dates are written in. */
  timeZone: string;
  inviterName: string;
  role: InvitationRole;
  /** The sponsor of a `sponsor_representative` invitation. */
  sponsorName?: string | null;
  /** The link with the invitation's token (issue.ts builds it). */
  acceptUrl: string;
  /** The inviter's language: the email's when the invited address has no account (or one with no language). */
  language?: LanguageCode;
}

/** "Ann has invited you to volunteer at Expo on Mingle.": what the invitation asks the person to do. */
function invitation(t: TFunction<'mail'>, role: InvitationRole, inviter: string, event: string, sponsorName: string | null | undefined): string {
  const names = { inviter, event, sponsor: sponsorName ?? t('a sponsor') };
  switch (role) {
    case 'volunteer':
      return t('{{inviter}} has invited you to volunteer at {{event}} on Mingle.', names);
    case 'co_owner':
      return t('{{inviter}} has invited you to become an Event Co-Owner of {{event}} on Mingle.', names);
    case 'sponsor_representative':
      return t('{{inviter}} has invited you to represent {{sponsor}} at {{event}} on Mingle.', names);
    default:
      return t('{{inviter}} has invited you to join {{event}} on Mingle.', names);
  }
}

function roleName(t: TFunction<'mail'>, role: InvitationRole, sponsorName: string | null | undefined): string {
  switch (role) {
    case 'volunteer':
      return t('Volunteer');
    case 'co_owner':
      return t('Event Co-Owner');
    case 'sponsor_representative':
      return t('Representative of {{sponsor}}', { sponsor: sponsorName ?? t('a sponsor') });
    default:
      return t('Attendee');
  }
}

/**
 * An invitation to an event in a role: essential, since it is the only way in for someone without an account. In the
 * language of the invited address's account, else in the inviter's (`language`, decision 0184).
 */
export const invitationEmail = mailTemplate('invitation', ({ publicUrl, email, event, timeZone, inviterName, role, sponsorName, acceptUrl }: InvitationEmail, language): Promise<RenderedEmail> => {
  const t = mailT(language);
  const invited = invitation(t, role, inviterName, event.name, sponsorName);
  return composeEmail({
    language,
    essential: true,
    subject: t("You're invited to {{event}} on Mingle", { event: event.name }),
    preview: invited,
    publicUrl,
    event,
    heading: t("You're invited to {{event}}", { event: event.name }),
    action: { label: t('Accept the invitation'), url: acceptUrl },
    reason: t('You got this email because {{inviter}} invited {{email}} to an event on Mingle.', { inviter: inviterName, email }),
    children: (
      <>
        <Paragraph>{invited}</Paragraph>
        <Facts
          items={[
            { label: t('When'), value: formatSpan(event.startDate, event.endDate, timeZone, language) },
            event.location ? { label: t('Where'), value: event.location } : null,
            { label: t('Your role'), value: roleName(t, role, sponsorName) },
            { label: t('Invited by'), value: inviterName },
          ]}
        />
      </>
    ),
    after: (
      <>
        <Paragraph>{t('Signed in, you can also accept or decline it on your dashboard. Nothing changes unless you accept.')}</Paragraph>
        <Paragraph>
          {t('Sign in, or create an account with this email address ({{email}}), to accept it. The invitation is valid for {{count}} days.', { email, count: INVITATION_VALID_DAYS })}
        </Paragraph>
      </>
    ),
  });
});
