import { describe, expect, it } from 'vitest';
import { fill, matchMessage } from '../core/messages.ts';
import de from '../locales/de/messages.json' with { type: 'json' };
import en from '../locales/en/messages.json' with { type: 'json' };
import { describeNotification, isNotificationCreatedEvent, leadTime, MESSAGE_PREVIEW_LENGTH, type NotificationFacts } from './texts.ts';

describe('describeNotification', () => {
  it('names the actor and links each kind to its page', () => {
    expect(describeNotification({ kind: 'meeting_requested', actorName: 'Ada', eventName: 'Summit' })).toEqual({
      title: 'Ada requested a meeting with you',
      body: 'Summit',
      link: '/meetings?tab=requests',
    });
    expect(describeNotification({ kind: 'meeting_accepted', actorName: 'Ada', eventName: null }).link).toBe('/meetings?tab=scheduled');
    expect(describeNotification({ kind: 'goodie_received', eventName: 'Summit', eventSlug: 'summit-2030' })).toEqual({
      title: 'Goodie received!',
      body: 'You received your event goodie at Summit.',
      link: '/event/summit-2030',
    });
    expect(describeNotification({ kind: 'question_answered', sessionId: 's-1', sessionTitle: 'Keynote' }).link).toBe('/sessions/s-1/qa');
  });

  it('previews a message on one line, cut with an ellipsis', () => {
    const short = describeNotification({ kind: 'message_received', actorName: 'Ada', actorId: 'a-1', preview: '  Hello\n\nthere  ' });
    expect(short).toEqual({ title: 'New message from Ada', body: 'Hello there', link: '/messages?with=a-1' });
    const long = describeNotification({ kind: 'message_received', actorName: 'Ada', actorId: 'a-1', preview: 'x'.repeat(500) });
    expect(long.body).toHaveLength(MESSAGE_PREVIEW_LENGTH);
    expect(long.body!.endsWith('…')).toBe(true);
  });
});

describe('isNotificationCreatedEvent', () => {
  it('accepts what notify publishes and nothing else', () => {
    expect(isNotificationCreatedEvent({ id: 'n', kind: 'meeting_requested', title: 't', body: null, link: '/meetings' })).toBe(true);
    expect(isNotificationCreatedEvent({ id: 'n', kind: 'meeting_requested' })).toBe(false);
    expect(isNotificationCreatedEvent(null)).toBe(false);
  });
});

describe('a notification in the reader’s language', () => {
  const keys = Object.keys(en);
  /** The stored text as the web shows it to a German reader (translateMessage): its marked message, filled again. */
  const inGerman = (stored: string) => {
    const match = matchMessage(stored, keys);
    if (!match) throw new Error(`not a marked message: ${stored}`);
    return fill((de as Record<string, string>)[match.key]!, match.values);
  };
  const every: NotificationFacts[] = [
    { kind: 'meeting_requested', actorName: 'Ada', eventName: 'Summit' },
    { kind: 'meeting_accepted', actorName: 'Ada', eventName: null },
    { kind: 'meeting_declined', actorName: 'Ada', eventName: null },
    { kind: 'meeting_cancelled', actorName: 'Ada', eventName: null },
    { kind: 'message_received', actorName: 'Ada', actorId: 'a-1', preview: 'Hi' },
    { kind: 'goodie_received', eventName: 'Summit', eventSlug: 'summit' },
    { kind: 'question_answered', sessionId: 's-1', sessionTitle: 'Keynote' },
    { kind: 'session_reminder', eventId: 'e-1', sessionTitle: 'Keynote', minutesBefore: 15, location: null },
    { kind: 'event_reminder', eventId: 'e-1', eventName: 'Summit', location: null },
    { kind: 'ticket_status', subject: 'Badge', status: 'in_progress' },
    { kind: 'webhook_disabled', eventId: 'e-1', eventName: 'Summit', url: 'https://x.test' },
  ];

  it('stores every title as a marked English message the web translates, the names kept as they are', () => {
    for (const facts of every) expect(inGerman(describeNotification(facts).title)).not.toBe(describeNotification(facts).title);
    expect(inGerman(describeNotification(every[0]!).title)).toBe('Ada möchte ein Meeting mit Ihnen');
    expect(inGerman(describeNotification({ kind: 'session_reminder', eventId: 'e', sessionTitle: 'Keynote', minutesBefore: 60, location: null }).title)).toBe(
      'Beginnt in 1 Stunde: Keynote',
    );
    expect(inGerman(describeNotification({ kind: 'ticket_status', subject: 'Badge', status: 'resolved' }).title)).toBe('Ihr Support-Ticket ist gelöst');
    expect(inGerman(describeNotification(every[5]!).body!)).toBe('Sie haben Ihr Event-Goodie bei Summit erhalten.');
  });

  it('names each lead time a person can choose with a marked message', () => {
    expect([5, 10, 15, 30, 60].map((minutes) => inGerman(leadTime(minutes)))).toEqual(['5 Minuten', '10 Minuten', '15 Minuten', '30 Minuten', '1 Stunde']);
    expect(leadTime(90)).toBe('1 hour 30 minutes');
  });
});

