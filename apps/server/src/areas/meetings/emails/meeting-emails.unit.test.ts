import { describe, expect, it } from 'vitest';
import type { MeetingDto } from '@mingle/shared/meetings/contract';
import { meetingAcceptedEmail } from './meeting-accepted.tsx';
import { meetingCancelledEmail } from './meeting-cancelled.tsx';
import { meetingDeclinedEmail } from './meeting-declined.tsx';
import { meetingRequestedEmail } from './meeting-requested.tsx';

const publicUrl = 'https://mingle.example';
const unsubscribeUrl = `${publicUrl}/api/unsubscribe/t0k`;
const requester = { id: '11111111-1111-4111-8111-111111111111', fullName: 'Bo Lind', company: 'Acme' };
const recipient = { id: '22222222-2222-4222-8222-222222222222', fullName: 'Amelia Hart', company: 'Vector Labs' };
const meeting: MeetingDto = {
  id: '33333333-3333-4333-8333-333333333333',
  eventId: '44444444-4444-4444-8444-444444444444',
  eventName: 'Expo North',
  eventTimeZone: 'Europe/Oslo',
  requester,
  recipient,
  proposedTime: '2026-06-02T12:30:00.000Z',
  confirmedTime: null,
  durationMinutes: 30,
  meetingType: 'in_person',
  location: 'Meeting point 3',
  agenda: 'Compare notes on evaluation',
  status: 'pending',
  createdAt: '2026-05-20T09:00:00.000Z',
};
const facts = ['2 June 2026 at 14:30 CEST (Europe/Oslo)', '30 minutes', 'Meeting point 3', 'Compare notes on evaluation', 'Expo North'];
const common = { publicUrl, unsubscribeUrl, timeZone: 'Europe/Oslo', eventLogoUrl: '/files/event-logos/e.png' };
const meetingsUrl = `${publicUrl}/meetings`;
const unsubscribe = { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };

function expectMeetingFacts(mail: { html: string; text: string }, other: string) {
  for (const body of [mail.html, mail.text]) {
    for (const fact of [...facts, other]) expect(body).toContain(fact);
    expect(body).toContain(meetingsUrl);
  }
  expect(mail.html).toContain(`href="${meetingsUrl}"`);
}

describe('meeting emails', () => {
  it('requested: tells the person asked who wants to meet, when and why', async () => {
    const mail = await meetingRequestedEmail.render({ ...common, meeting, recipientId: recipient.id });
    expect(mail.subject).toBe('Bo Lind wants to meet you');
    expectMeetingFacts(mail, 'Bo Lind, Acme');
    expect(mail.text).toContain(`Answer the request ${meetingsUrl}`);
    expect(mail.attachments).toBeUndefined();
    expect(mail.headers).toEqual(unsubscribe);
  });

  it('accepted: tells the requester, with the meeting as an .ics file', async () => {
    const accepted = { ...meeting, status: 'accepted' as const, confirmedTime: '2026-06-02T12:30:00.000Z' };
    const mail = await meetingAcceptedEmail.render({ ...common, meeting: accepted, recipientId: requester.id });
    expect(mail.subject).toBe('Amelia Hart accepted your meeting request');
    expectMeetingFacts(mail, 'Amelia Hart, Vector Labs');
    expect(mail.headers).toEqual(unsubscribe);
    expect(mail.attachments).toHaveLength(1);
    const [ics] = mail.attachments!;
    expect(ics!.filename).toBe('meeting.ics');
    expect(ics!.contentType).toMatch(/^text\/calendar/);
    const lines = ics!.content.split(/\r?\n/);
    expect(lines).toContain(`UID:meeting-${meeting.id}@mingle`);
    expect(lines).toContain('DTSTART:20260602T123000Z');
    expect(lines).toContain('DTEND:20260602T130000Z');
    expect(lines).toContain('SUMMARY:Meeting with Amelia Hart');
    expect(lines).toContain('LOCATION:Meeting point 3');
  });

  it('declined and cancelled: say so, name who, and attach nothing', async () => {
    const declined = await meetingDeclinedEmail.render({ ...common, meeting: { ...meeting, status: 'declined' }, recipientId: requester.id });
    expect(declined.subject).toBe('Amelia Hart declined your meeting request');
    expectMeetingFacts(declined, 'Amelia Hart, Vector Labs');
    expect(declined.attachments).toBeUndefined();
    expect(declined.headers).toEqual(unsubscribe);

    // Cancelled by the requester: the email goes to the person who was asked.
    const cancelled = await meetingCancelledEmail.render({ ...common, meeting: { ...meeting, status: 'cancelled' }, recipientId: recipient.id });
    expect(cancelled.subject).toBe('Bo Lind cancelled your meeting');
    expectMeetingFacts(cancelled, 'Bo Lind, Acme');
    expect(cancelled.text).toContain('The meeting is off.');
    expect(cancelled.attachments).toBeUndefined();
    expect(cancelled.headers).toEqual(unsubscribe);
  });

  it('a virtual meeting says so where a place would be', async () => {
    const mail = await meetingRequestedEmail.render({ ...common, meeting: { ...meeting, meetingType: 'virtual', location: null }, recipientId: recipient.id });
    expect(mail.text).toContain('Virtual meeting');
  });

  it('escapes the names and the agenda people wrote', async () => {
    const hostile = { ...meeting, requester: { ...requester, fullName: '<script>a()</script>' }, agenda: '<img src=x onerror=b()>' };
    const mail = await meetingRequestedEmail.render({ ...common, meeting: hostile, recipientId: recipient.id });
    expect(mail.html).not.toMatch(/<script>|<img src=x/);
    expect(mail.html).toContain('&lt;script&gt;a()&lt;/script&gt;');
    expect(mail.html).toContain('&lt;img src=x onerror=b()&gt;');
    expect(mail.subject).toBe('<script>a()</script> wants to meet you');
  });
});
