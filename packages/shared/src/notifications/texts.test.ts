import { describe, expect, it } from 'vitest';
import { describeNotification, isNotificationCreatedEvent, MESSAGE_PREVIEW_LENGTH } from './texts.ts';

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
