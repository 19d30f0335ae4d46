import { describe, expect, it } from 'vitest';
import { checkInPoints, checkIns } from '../../platform/db/schema/check-in.ts';
import { addAttendee, eventWithCast } from '../../test/event-factories.ts';
import { byHeader, expectExportRefused, readCsv } from '../../test/csv.ts';
import { createUser } from '../../test/factories.ts';
import { useTestServer } from '../../test/harness.ts';
import { CHECK_IN_CSV_HEADER } from './export.ts';

const server = useTestServer();

describe('the check-ins export', () => {
  it('lists every check-in with its point, time, who let the person in and who undid it, formula-safe, for organizers only', async () => {
    const cast = await eventWithCast(server);
    const { event } = cast;
    const guest = await createUser(server.ctx, { fullName: '=HYPERLINK("http://evil.example")' });
    await addAttendee(server.ctx, event.id, guest.id);
    const [hall] = await server.ctx.db.insert(checkInPoints).values({ eventId: event.id, name: 'Hall B', position: 0 }).returning();
    await server.ctx.db.insert(checkIns).values([
      { eventId: event.id, userId: guest.id, pointId: hall!.id, checkedInAt: new Date('2030-05-01T08:00:00Z'), checkedInBy: cast.volunteer.user.id },
      {
        eventId: event.id,
        userId: cast.attendee.user.id,
        checkedInAt: new Date('2030-05-01T08:05:00Z'),
        checkedInBy: cast.volunteer.user.id,
        undoneAt: new Date('2030-05-01T08:06:00Z'),
        undoneBy: cast.owner.user.id,
      },
    ]);
    const path = `/api/events/${event.id}/check-ins.csv`;
    for (const organizer of [cast.owner, cast.coOwner]) {
      const rows = await readCsv(await server.send('GET', path, organizer.headers), `${event.slug}-check-ins.csv`);
      expect(rows[0]).toEqual(CHECK_IN_CSV_HEADER);
      expect(byHeader(rows)).toEqual([
        {
          Name: `'=HYPERLINK("http://evil.example")`,
          Email: guest.email,
          'Check-in Point': 'Hall B',
          'Checked In At (UTC)': '2030-05-01 08:00:00',
          'Checked In By': cast.volunteer.user.fullName,
          'Undone At (UTC)': '',
          'Undone By': '',
        },
        {
          Name: cast.attendee.user.fullName,
          Email: cast.attendee.user.email,
          'Check-in Point': 'Door',
          'Checked In At (UTC)': '2030-05-01 08:05:00',
          'Checked In By': cast.volunteer.user.fullName,
          'Undone At (UTC)': '2030-05-01 08:06:00',
          'Undone By': cast.owner.user.fullName,
        },
      ]);
    }
    await expectExportRefused(server, path, [cast.otherOwner, cast.attendee, cast.volunteer, cast.stranger]);
  });
});
