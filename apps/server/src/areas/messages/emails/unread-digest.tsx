import type { TFunction } from 'i18next';
import { Fragment } from 'react';
import { formatWhen } from '../../../platform/mail/format.ts';
import { mailT } from '../../../platform/mail/i18n.ts';
import { composeEmail, Divider, Muted, Paragraph, Quote, TextLink } from '../../../platform/mail/layout.tsx';
import type { RenderedEmail } from '../../../platform/mail/render.ts';
import { mailTemplate } from '../../../platform/mail/templates.ts';

export interface UnreadConversation {
  sender: { id: string; fullName: string };
  /** Every unread message from this sender, counted; only `latest` is shown. */
  unreadCount: number;
  /** The newest unread messages, oldest first. */
  latest: Array<{ body: string; sentAt: Date | string }>;
}

export interface UnreadMessagesDigestEmail {
  publicUrl: string;
  unsubscribeUrl: string;
  recipientName: string;
  timeZone: string;
  /** Conversations with unread messages, the most recent first. */
  conversations: UnreadConversation[];
}

/** A digest stays a glance: this many conversations, this many messages each, each cut to this many characters. */
const SHOWN_CONVERSATIONS = 5;
const SHOWN_MESSAGES = 3;
const SHOWN_CHARACTERS = 280;

function excerpt(body: string): string {
  const text = body.trim();
  return text.length > SHOWN_CHARACTERS ? `${text.slice(0, SHOWN_CHARACTERS - 1).trimEnd()}…` : text;
}

/** "Ann", "Ann and Bo", "Ann, Bo and 3 others". */
function senderNames(t: TFunction<'mail'>, conversations: UnreadConversation[]): string {
  const [first, second] = conversations.map((conversation) => conversation.sender.fullName);
  if (conversations.length === 1) return first!;
  if (conversations.length === 2) return t('{{first}} and {{second}}', { first, second });
  return t('{{first}}, {{second}} and {{count}} others', { first, second, count: conversations.length - 2 });
}

/**
 * The direct messages that arrived while the person was away, in one email however many there are: who wrote, the
 * newest words of each, and a link into each conversation. The messages are their senders' words, set apart as quotes.
 */
export const unreadMessagesDigestEmail = mailTemplate('unread-digest', ({ publicUrl, unsubscribeUrl, recipientName, timeZone, conversations }: UnreadMessagesDigestEmail, language): Promise<RenderedEmail> => {
  const t = mailT(language);
  const total = conversations.reduce((sum, conversation) => sum + conversation.unreadCount, 0);
  const from = senderNames(t, conversations);
  const hidden = conversations.length - SHOWN_CONVERSATIONS;
  return composeEmail({
    language,
    unsubscribeUrl,
    subject: t('{{count}} new messages from {{from}}', { count: total, from }),
    preview: t('While you were away: {{count}} unread messages on Mingle.', { count: total }),
    publicUrl,
    heading: t('You have {{count}} new messages', { count: total }),
    action: { label: t('Open Messages'), url: `${publicUrl}/messages` },
    reason: t('You got this email because people wrote to you on Mingle while you were away. We send one email for them, not one per message.'),
    children: (
      <>
        <Paragraph>{t('Hello {{name}}, while you were away:', { name: recipientName })}</Paragraph>
        {conversations.slice(0, SHOWN_CONVERSATIONS).map(({ sender, unreadCount, latest }, index) => {
          const shown = latest.slice(-SHOWN_MESSAGES);
          return (
            <Fragment key={sender.id}>
              {index > 0 ? <Divider /> : null}
              <Paragraph>
                <strong>{sender.fullName}</strong>
                {` · ${t('{{count}} new messages', { count: unreadCount })}`}
              </Paragraph>
              {shown.map((message, index) => (
                <Quote key={index}>
                  {excerpt(message.body)}
                  <br />
                  <Muted>{formatWhen(message.sentAt, timeZone, language)}</Muted>
                </Quote>
              ))}
              {unreadCount > shown.length ? <Paragraph>{t('…and {{count}} earlier messages.', { count: unreadCount - shown.length })}</Paragraph> : null}
              <Paragraph>
                <TextLink href={`${publicUrl}/messages?with=${encodeURIComponent(sender.id)}`}>{t('Reply to {{name}}', { name: sender.fullName })}</TextLink>
              </Paragraph>
            </Fragment>
          );
        })}
        {hidden > 0 ? <Paragraph>{t('And {{count}} more conversations with new messages.', { count: hidden })}</Paragraph> : null}
      </>
    ),
  });
});
