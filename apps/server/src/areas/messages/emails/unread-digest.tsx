import { Fragment } from 'react';
import { formatWhen } from '../../../platform/mail/format.ts';
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

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function excerpt(body: string): string {
  const text = body.trim();
  return text.length > SHOWN_CHARACTERS ? `${text.slice(0, SHOWN_CHARACTERS - 1).trimEnd()}…` : text;
}

/** "Ann", "Ann and Bo", "Ann, Bo and 3 others". */
function senderNames(conversations: UnreadConversation[]): string {
  const [first, second] = conversations.map((conversation) => conversation.sender.fullName);
  if (conversations.length === 1) return first!;
  if (conversations.length === 2) return `${first} and ${second}`;
  return `${first}, ${second} and ${plural(conversations.length - 2, 'other', 'others')}`;
}

/**
 * The direct messages that arrived while the person was away, in one email however many there are: who wrote, the
 * newest words of each, and a link into each conversation. The messages are their senders' words, set apart as quotes.
 */
export const unreadMessagesDigestEmail = mailTemplate('unread-digest', ({ publicUrl, unsubscribeUrl, recipientName, timeZone, conversations }: UnreadMessagesDigestEmail): Promise<RenderedEmail> => {
  const total = conversations.reduce((sum, conversation) => sum + conversation.unreadCount, 0);
  const from = senderNames(conversations);
  const subject = total === 1 ? `New message from ${from}` : `${total} new messages from ${from}`;
  const hidden = conversations.length - SHOWN_CONVERSATIONS;
  return composeEmail({
    unsubscribeUrl,
    subject,
    preview: `While you were away: ${plural(total, 'unread message', 'unread messages')} on Mingle.`,
    publicUrl,
    heading: total === 1 ? 'You have a new message' : `You have ${total} new messages`,
    action: { label: 'Open Messages', url: `${publicUrl}/messages` },
    reason: 'You got this email because people wrote to you on Mingle while you were away. We send one email for them, not one per message.',
    children: (
      <>
        <Paragraph>{`Hello ${recipientName}, while you were away:`}</Paragraph>
        {conversations.slice(0, SHOWN_CONVERSATIONS).map(({ sender, unreadCount, latest }, index) => {
          const shown = latest.slice(-SHOWN_MESSAGES);
          return (
            <Fragment key={sender.id}>
              {index > 0 ? <Divider /> : null}
              <Paragraph>
                <strong>{sender.fullName}</strong>
                {` · ${plural(unreadCount, 'new message', 'new messages')}`}
              </Paragraph>
              {shown.map((message, index) => (
                <Quote key={index}>
                  {excerpt(message.body)}
                  <br />
                  <Muted>{formatWhen(message.sentAt, timeZone)}</Muted>
                </Quote>
              ))}
              {unreadCount > shown.length ? <Paragraph>{`…and ${plural(unreadCount - shown.length, 'earlier message', 'earlier messages')}.`}</Paragraph> : null}
              <Paragraph>
                <TextLink href={`${publicUrl}/messages?with=${encodeURIComponent(sender.id)}`}>{`Reply to ${sender.fullName}`}</TextLink>
              </Paragraph>
            </Fragment>
          );
        })}
        {hidden > 0 ? <Paragraph>{`And ${plural(hidden, 'more conversation', 'more conversations')} with new messages.`}</Paragraph> : null}
      </>
    ),
  });
});
