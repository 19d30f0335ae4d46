import { describe, expect, it } from 'vitest';
import { sessionBookmarks } from '../../platform/db/schema/agenda.ts';
import { createSession, eventWithCast } from '../../test/event-factories.ts';
import { byHeader, expectExportRefused, readCsv } from '../../test/csv.ts';
import { useTestServer } from '../../test/harness.ts';
import { SESSIONS_CSV_HEADER } from './export.ts';

const server = useTestServer();

describe('the sessions export', () => {
  it("lists the sessions by start time in their zone and in UTC, with bookmarks and check-ins, formula-safe, for organizers only", async () => {
    const cast = await eventWithCast(server, { startDate: new Date('2030-06-03T08:00:00Z'), endDate: new Date('2030-06-03T18:00:00Z') });
    const { event } = cast;
    const keynote = await createSession(server.ctx, event, {
      title: '=1+1 Keynote',
      timezone: 'Europe/London',
      location: 'Main hall',
      speakerName: 'Grace Hopper',
      tags: ['AI', 'Cloud'],
      maxCapacity: 200,
      checkedInCount: 1,
    });
    await createSession(server.ctx, event, { title: 'Lunch', sessionType: 'break', offsetHours: 4 });
    await server.ctx.db.insert(sessionBookmarks).values([
      { sessionId: keynote.id, userId: cast.attendee.user.id },
      { sessionId: keynote.id, userId: cast.owner.user.id },
    ]);
    const path = `/api/events/${event.id}/sessions.csv`;
    const rows = await readCsv(await server.send('GET', path, cast.coOwner.headers), `${event.slug}-sessions.csv`);
    expect(rows[0]).toEqual(SESSIONS_CSV_HEADER);
    expect(byHeader(rows)).toEqual([
      {
        Title: "'=1+1 Keynote",
        Type: 'Topic',
        Tracks: 'AI; Cloud',
        'Starts (Local)': '2030-06-03 09:00:00',
        'Ends (Local)': '2030-06-03 10:00:00',
        'Time Zone': 'Europe/London',
        'Starts (UTC)': '2030-06-03 08:00:00',
        'Ends (UTC)': '2030-06-03 09:00:00',
        Location: 'Main hall',
        Speaker: 'Grace Hopper',
        Host: '',
        Capacity: '200',
        Bookmarks: '2',
        'Checked In': '1',
      },
      expect.objectContaining({ Title: 'Lunch', Type: 'Break', Tracks: '', 'Time Zone': 'UTC', 'Starts (UTC)': '2030-06-03 12:00:00', Capacity: '', Bookmarks: '0', 'Checked In': '0' }),
    ]);
    expect((await server.send('GET', path, cast.owner.headers)).status).toBe(200);
    await expectExportRefused(server, path, [cast.otherOwner, cast.attendee, cast.volunteer, cast.stranger]);
  });
});
