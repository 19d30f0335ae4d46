import { describe, expect, it } from 'vitest';
import { eventFeed, eventFeedLikes } from '../../platform/db/schema/engagement.ts';
import { eventWithCast } from '../../test/event-factories.ts';
import { byHeader, expectExportRefused, readCsv } from '../../test/csv.ts';
import { useTestServer } from '../../test/harness.ts';
import { FEED_CSV_HEADER } from './export.ts';

const server = useTestServer();

describe('the feed export', () => {
  it('lists the posts oldest first with their author, likes and pin, formula-safe, for organizers only', async () => {
    const cast = await eventWithCast(server);
    const { event } = cast;
    const [first] = await server.ctx.db
      .insert(eventFeed)
      .values([
        { eventId: event.id, authorId: cast.attendee.user.id, content: '+1 see you, "all"\nat the bar', createdAt: new Date('2030-05-01T09:00:00Z') },
        { eventId: event.id, authorId: cast.owner.user.id, content: 'Doors open', isPinned: true, mediaUrl: '/files/door.jpg', mediaType: 'image', createdAt: new Date('2030-05-01T10:00:00Z') },
      ])
      .returning();
    await server.ctx.db.insert(eventFeedLikes).values([
      { feedId: first!.id, userId: cast.owner.user.id },
      { feedId: first!.id, userId: cast.volunteer.user.id },
    ]);
    const path = `/api/events/${event.id}/feed.csv`;
    const rows = await readCsv(await server.send('GET', path, cast.owner.headers), `${event.slug}-feed.csv`);
    expect(rows[0]).toEqual(FEED_CSV_HEADER);
    expect(byHeader(rows)).toEqual([
      { Author: cast.attendee.user.fullName, 'Posted At (UTC)': '2030-05-01 09:00:00', Text: `'+1 see you, "all"\nat the bar`, Media: '', 'Media URL': '', Likes: '2', Pinned: 'No' },
      { Author: cast.owner.user.fullName, 'Posted At (UTC)': '2030-05-01 10:00:00', Text: 'Doors open', Media: 'Image', 'Media URL': '/files/door.jpg', Likes: '0', Pinned: 'Yes' },
    ]);
    await expectExportRefused(server, path, [cast.otherOwner, cast.attendee, cast.volunteer, cast.stranger]);
  });
});
