import { and, eq } from 'drizzle-orm';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { BADGE_MESSAGES, BADGE_SELECTION_MAX } from '@mingle/shared/badges/inputs';
import { eventAttendees } from '../../platform/db/schema/events.ts';
import { eventWaitlist } from '../../platform/db/schema/registrations.ts';
import { profiles } from '../../platform/db/schema/profiles.ts';
import { addAttendee, createEvent, eventWithCast } from '../../test/event-factories.ts';
import { createUser, signedInUser, type TestUser } from '../../test/factories.ts';
import { errorOf, useTestServer } from '../../test/harness.ts';

const server = useTestServer();

const A6 = { width: 297.64, height: 419.53 };
const badgesOf = (eventId: string, headers: Headers | undefined, query = '') => server.send('GET', `/api/events/${eventId}/badges.pdf${query}`, headers);
const pdfOf = async (response: Response) => PDFDocument.load(new Uint8Array(await response.arrayBuffer()));

/** An event with its cast (the attendee among the registered) and `count` more registered people with profiles. */
async function printableEvent(count: number, profile: (index: number) => Partial<typeof profiles.$inferInsert> = () => ({})) {
  const cast = await eventWithCast(server);
  const people: TestUser[] = [];
  for (let index = 0; index < count; index++) {
    const person = await createUser(server.ctx, { fullName: profile(index).fullName });
    await server.ctx.db.update(profiles).set({ jobTitle: 'Engineer', companyOrInstitution: 'Acme', ...profile(index) }).where(eq(profiles.id, person.id));
    await addAttendee(server.ctx, cast.event.id, person.id);
    people.push(person);
  }
  return { ...cast, people };
}

describe('badges for the organizers', () => {
  it('prints every registered attendee, one A6 page each, as a PDF download named after the event', async () => {
    const { event, owner, people } = await printableEvent(3);
    const waiting = await createUser(server.ctx);
    await server.ctx.db.insert(eventWaitlist).values({ eventId: event.id, userId: waiting.id });

    const response = await badgesOf(event.id, owner.headers);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="badges-${event.slug}.pdf"`);
    expect(response.headers.get('cache-control')).toContain('no-store');
    const pdf = await pdfOf(response);
    // The three people and the cast's attendee; not the person waiting.
    expect(pdf.getPageCount()).toBe(people.length + 1);
    const size = pdf.getPage(0).getSize();
    expect(size.width).toBeCloseTo(A6.width, 1);
    expect(size.height).toBeCloseTo(A6.height, 1);
  });

  it('prints 4 x 3 in labels (288 x 216 pt), and only the selection when one is given', async () => {
    const { event, coOwner, people } = await printableEvent(3);
    const response = await badgesOf(event.id, coOwner.headers, `?size=label-4x3&userIds=${people[0]!.id},${people[2]!.id}`);
    expect(response.status).toBe(200);
    const pdf = await pdfOf(response);
    expect(pdf.getPageCount()).toBe(2);
    expect(pdf.getPage(1).getSize()).toEqual({ width: 288, height: 216 });
    // Repeated ids work too, and a person named twice gets one badge.
    const repeated = await badgesOf(event.id, coOwner.headers, `?userIds=${people[1]!.id}&userIds=${people[1]!.id},${people[2]!.id}`);
    expect((await pdfOf(repeated)).getPageCount()).toBe(2);
  });

  it('prints the people registered since a time (the late registrations), and says when there are none', async () => {
    const { event, owner, people } = await printableEvent(3);
    const cut = new Date(Date.now() - 60_000);
    await server.ctx.db.update(eventAttendees).set({ registeredAt: new Date(cut.getTime() - 3_600_000) }).where(eq(eventAttendees.eventId, event.id));
    await server.ctx.db.update(eventAttendees).set({ registeredAt: new Date() }).where(and(eq(eventAttendees.eventId, event.id), eq(eventAttendees.userId, people[1]!.id)));
    const late = await badgesOf(event.id, owner.headers, `?since=${encodeURIComponent(cut.toISOString())}`);
    expect(late.status).toBe(200);
    expect((await pdfOf(late)).getPageCount()).toBe(1);
    const none = await badgesOf(event.id, owner.headers, `?since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`);
    expect(none.status).toBe(409);
    expect((await errorOf(none)).message).toBe('Nobody registered since then');
    expect((await badgesOf(event.id, owner.headers, '?since=yesterday')).status).toBe(400);
  });

  it('embeds the event logo once for the whole document', async () => {
    const { event, owner } = await printableEvent(2);
    const logo = await sharp({ create: { width: 120, height: 40, channels: 3, background: '#5b3fd9' } }).png().toBuffer();
    const form = new FormData();
    form.set('logo', new File([new Uint8Array(logo)], 'logo.png', { type: 'image/png' }));
    expect((await server.send('PUT', `/api/events/${event.id}/logo`, owner.headers, form)).status).toBe(200);

    const pdf = await pdfOf(await badgesOf(event.id, owner.headers));
    expect(pdf.getPageCount()).toBe(3);
    // The logo, stored as WebP and converted to PNG: one image, drawn on each page.
    const images = pdf.context
      .enumerateIndirectObjects()
      .filter(([, object]) => object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'));
    expect(images).toHaveLength(1);
  });

  it('prints names in any script: Polish, Chinese, Korean (which prints as "?"), and very long ones', async () => {
    const names = ['Łukasz Żółtowski-Brzęczyszczykiewicz', '張偉', '김민준', 'Ἀλέξανδρος Παπαδόπουλος', `${'Wolfeschlegelsteinhausenbergerdorff'.repeat(4)} Senior`];
    const { event, owner } = await printableEvent(names.length, (index) => ({
      fullName: names[index]!,
      companyOrInstitution: index === 1 ? '北京科技有限公司' : 'Przedsiębiorstwo Handlowo-Usługowe '.repeat(6),
      jobTitle: index === 1 ? '工程师' : null,
    }));
    for (const size of ['a6', 'label-4x3']) {
      const response = await badgesOf(event.id, owner.headers, `?size=${size}`);
      expect(response.status).toBe(200);
      expect((await pdfOf(response)).getPageCount()).toBe(names.length + 1);
    }
  });
});

describe('refusals', () => {
  it('refuses a selection with someone not registered (waiting, or a stranger), and prints nothing', async () => {
    const { event, owner, people } = await printableEvent(1);
    const waiting = await createUser(server.ctx);
    await server.ctx.db.insert(eventWaitlist).values({ eventId: event.id, userId: waiting.id });
    for (const other of [waiting.id, (await createUser(server.ctx)).id]) {
      const response = await badgesOf(event.id, owner.headers, `?userIds=${people[0]!.id},${other}`);
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toEqual({ code: 'validation_failed', message: BADGE_MESSAGES.notRegistered });
    }
  });

  it('says so when nobody is registered', async () => {
    const owner = await signedInUser(server);
    const event = await createEvent(server.ctx, owner.user.id);
    const response = await badgesOf(event.id, owner.headers);
    expect(response.status).toBe(409);
    expect((await errorOf(response)).message).toBe(BADGE_MESSAGES.noAttendees);
  });

  it('checks the query before anything else: the size, the ids, at most 2,000 of them', async () => {
    const { event, owner } = await eventWithCast(server);
    const cases: Array<[string, string]> = [
      ['?size=a4', 'Please choose A6 or a 4 × 3 in label'],
      ['?userIds=not-an-id', 'Please select attendees from the list'],
      ['?userIds=', 'Please select at least one attendee'],
      [`?userIds=${Array.from({ length: BADGE_SELECTION_MAX + 1 }, () => crypto.randomUUID()).join(',')}`, 'Please select at most 2,000 attendees'],
    ];
    for (const [query, message] of cases) {
      const response = await badgesOf(event.id, owner.headers, query);
      expect(response.status, query.slice(0, 40)).toBe(400);
      expect((await errorOf(response)).message).toBe(message);
    }
  });
});

describe('who may print', () => {
  it('lets a volunteer reprint one badge at the door, and nothing more', async () => {
    const { event, volunteer, attendee, people } = await printableEvent(1);
    const one = await badgesOf(event.id, volunteer.headers, `?userIds=${attendee.user.id}`);
    expect(one.status).toBe(200);
    expect((await pdfOf(one)).getPageCount()).toBe(1);
    for (const query of ['', `?userIds=${attendee.user.id},${people[0]!.id}`]) {
      const response = await badgesOf(event.id, volunteer.headers, query);
      expect(response.status).toBe(403);
      expect((await errorOf(response)).message).toBe(BADGE_MESSAGES.oneAtATime);
    }
  });

  it('lets a super admin print; refuses an attendee (403), another event’s organizer and a stranger (404), a visitor (401)', async () => {
    const { event, admin, attendee, otherOwner, stranger } = await eventWithCast(server);
    expect((await badgesOf(event.id, admin.headers)).status).toBe(200);
    expect((await badgesOf(event.id, attendee.headers)).status).toBe(403);
    expect((await badgesOf(event.id, attendee.headers, `?userIds=${attendee.user.id}`)).status).toBe(403);
    expect((await badgesOf(event.id, otherOwner.headers)).status).toBe(404);
    expect((await badgesOf(event.id, stranger.headers)).status).toBe(404);
    expect((await badgesOf(event.id, undefined)).status).toBe(401);
    expect((await badgesOf(crypto.randomUUID(), admin.headers)).status).toBe(404);
  });
});
