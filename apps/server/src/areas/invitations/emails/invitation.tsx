import type { InvitationRole } from '@mingle/shared/core/constants';
import { INVITATION_VALID_DAYS } from '@mingle/shared/invitations/inputs';
import { formatSpan } from '../../../platform/mail/format.ts';
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
}

/** What the invitation asks the person to do. */
function invitedTo(role: InvitationRole, eventName: string, sponsorName: string | null | undefined): string {
  switch (role) {
    case 'volunteer':
      return `volunteer at ${eventName}`;
    case 'co_owner':
      return `become an Event Co-Owner of ${eventName}`;
    case 'sponsor_representative':
      return `represent ${sponsorName ?? 'a sponsor'} at ${eventName}`;
    default:
      return `join ${eventName}`;
  }
}

function roleName(role: InvitationRole, sponsorName: string | null | undefined): string {
  switch (role) {
    case 'volunteer':
      return 'Volunteer';
    case 'co_owner':
      return 'Event Co-Owner';
    case 'sponsor_representative':
      return `Representative of ${sponsorName ?? 'a sponsor'}`;
    default:
      return 'Attendee';
  }
}

/** An invitation to an event in a role: essential, since it is the only way in for someone without an account. */
export const invitationEmail = mailTemplate('invitation', ({ publicUrl, email, event, timeZone, inviterName, role, sponsorName, acceptUrl }: InvitationEmail): Promise<RenderedEmail> => {
  const invitation = `${inviterName} has invited you to ${invitedTo(role, event.name, sponsorName)} on Mingle.`;
  return composeEmail({
    essential: true,
    subject: `You're invited to ${event.name} on Mingle`,
    preview: invitation,
    publicUrl,
    event,
    heading: `You're invited to ${event.name}`,
    action: { label: 'Accept the invitation', url: acceptUrl },
    reason: `You got this email because ${inviterName} invited ${email} to an event on Mingle.`,
    children: (
      <>
        <Paragraph>{invitation}</Paragraph>
        <Facts
          items={[
            { label: 'When', value: formatSpan(event.startDate, event.endDate, timeZone) },
            event.location ? { label: 'Where', value: event.location } : null,
            { label: 'Your role', value: roleName(role, sponsorName) },
            { label: 'Invited by', value: inviterName },
          ]}
        />
      </>
    ),
    after: (
      <>
        <Paragraph>Signed in, you can also accept or decline it on your dashboard. Nothing changes unless you accept.</Paragraph>
        <Paragraph>
          {`Sign in, or create an account with this email address (${email}), to accept it. The invitation is valid for ${INVITATION_VALID_DAYS} days.`}
        </Paragraph>
      </>
    ),
  });
});
