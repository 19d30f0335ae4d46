import { describe, expect, it } from 'vitest';
import { meetings } from '../../platform/db/schema/meetings.ts';
import { addAttendee, eventWithCast } from '../../test/event-factories.ts';
import { byHeader, expectExportRefused, readCsv } from '../../test/csv.ts';
import { createUser } from '../../test/factories.ts';
import { useTestServer } from '../../test/harness.ts';
import { EVENT_MEETINGS_CSV_HEADER, MY_MEETINGS_CSV_HEADER } from './export.ts';

const server = useTestServer();

describe('the meetings exports', () => {
  it("lists every meeting of the event for its organizers, without what the two wrote, formula-safe; a person's own for themselves", async () => {
    const cast = await eventWithCast(server, { allowAttendeeNetworking: true });
    const { event } = cast;
    const guest = await createUser(server.ctx, { fullName: '-2+3 Guest' });
    await addAttendee(server.ctx, event.id, guest.id);
    const at = new Date('2030-05-01T10:00:00Z');
    await server.ctx.db.insert(meetings).values([
      { eventId: event.id, requesterId: guest.id, recipientId: cast.attendee.user.id, proposedTime: at, confirmedTime: at, status: 'accepted', meetingType: 'in_person', location: 'Booth 4', agenda: 'Secret plans', createdAt: new Date('2030-04-01T08:00:00Z') },
      { eventId: event.id, requesterId: cast.attendee.user.id, recipientId: cast.volunteer.user.id, proposedTime: new Date('2030-05-01T11:00:00Z'), status: 'declined', agenda: 'Coffee?', durationMinutes: 15 },
      // A meeting outside any event stays out of the event's file.
      { requesterId: cast.attendee.user.id, recipientId: cast.owner.user.id, proposedTime: new Date('2030-05-02T09:00:00Z'), agenda: 'No event' },
    ]);
    const path = `/api/events/${event.id}/meetings.csv`;
    const response = await server.send('GET', path, cast.owner.headers);
    const rows = await readCsv(response.clone(), `${event.slug}-meetings.csv`);
    expect(rows[0]).toEqual(EVENT_MEETINGS_CSV_HEADER);
    expect(byHeader(rows)).toEqual([
      {
        Requester: "'-2+3 Guest",
        'Requester Company': '',
        Invitee: cast.attendee.user.fullName,
        'Invitee Company': '',
        'Time (UTC)': '2030-05-01 10:00:00',
        'Duration (Minutes)': '30',
        Type: 'In person',
        Location: 'Booth 4',
        Status: 'Accepted',
        'Requested At (UTC)': '2030-04-01 08:00:00',
      },
      expect.objectContaining({ Requester: cast.attendee.user.fullName, Invitee: cast.volunteer.user.fullName, 'Duration (Minutes)': '15', Type: 'Virtual', Status: 'Declined' }),
    ]);
    const text = await response.text();
    expect(text).not.toContain('Secret plans');
    expect(text).not.toContain(cast.attendee.user.email);
    await expectExportRefused(server, path, [cast.otherOwner, cast.attendee, cast.volunteer, cast.stranger]);

    // My Meetings: the pending and accepted ones, agenda included, with whom.
    const mine = byHeader(await readCsv(await server.send('GET', '/api/meetings/export.csv', cast.attendee.headers), 'my-meetings.csv'));
    expect(Object.keys(mine[0]!)).toEqual(MY_MEETINGS_CSV_HEADER);
    expect(mine).toEqual([
      expect.objectContaining({ With: "'-2+3 Guest", Event: event.name, 'Time (UTC)': '2030-05-01 10:00:00', Status: 'Accepted', Agenda: 'Secret plans', 'I Requested It': 'No' }),
      expect.objectContaining({ With: cast.owner.user.fullName, Event: '', Status: 'Pending', Agenda: 'No event', 'I Requested It': 'Yes' }),
    ]);
    expect((await server.send('GET', '/api/meetings/export.csv')).status).toBe(401);
  });
});
