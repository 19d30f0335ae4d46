import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { networkingGoals, professionalInterests } from '../../platform/db/schema/networking.ts';
import { createEvent, eventWithCast } from '../../test/event-factories.ts';
import { signedInUser } from '../../test/factories.ts';
import { errorOf, jsonRequest, useTestServer } from '../../test/harness.ts';
import { expectNothingWritten } from '../../test/nothing-written.ts';

const server = useTestServer();
beforeAll(async () => {
  await server.ctx.db.insert(professionalInterests).values([{ name: 'Zoology', isDefault: true }, { name: 'Astronomy', isDefault: true }]);
  await server.ctx.db.insert(networkingGoals).values({ name: 'Find a mentor', isDefault: true });
});

interface OptionJson {
  id: string;
  name: string;
  isDefault: boolean;
  eventId: string | null;
  canDelete: boolean;
}
interface OptionsJson {
  interests: OptionJson[];
  goals: OptionJson[];
  canManageGlobal: boolean;
  canManageEvent: boolean;
}

const add = (kind: 'interests' | 'goals', body: unknown, headers?: Headers) =>
  server.request(`/api/options/${kind}`, jsonRequest(body, { headers: server.browserHeaders(headers) }));
const remove = (kind: 'interests' | 'goals', id: string, headers?: Headers) =>
  server.request(`/api/options/${kind}/${id}`, { method: 'DELETE', headers: server.browserHeaders(headers) });
const list = async (query: string, headers: Headers) => (await (await server.request(`/api/options${query}`, { headers })).json()) as OptionsJson;
const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;
/** The stored options of one name, in both lists: what a refused add or delete must leave as it was. */
const optionsNamed = async (name: string) => ({
  interests: await server.ctx.db.select().from(professionalInterests).where(sql`lower(${professionalInterests.name}) = lower(${name})`),
  goals: await server.ctx.db.select().from(networkingGoals).where(sql`lower(${networkingGoals.name}) = lower(${name})`),
});

describe('GET /api/options', () => {
  it('lists the global interests and goals by name for a signed-in user', async () => {
    const { headers } = await signedInUser(server);
    const response = await server.request('/api/options', { headers });
    expect(response.status).toBe(200);
    const body = (await response.json()) as OptionsJson;
    const names = body.interests.map((option) => option.name);
    expect(names.indexOf('Astronomy')).toBeLessThan(names.indexOf('Zoology'));
    expect(body.goals.map((goal) => goal.name)).toContain('Find a mentor');
    expect(body.interests.every((option) => !option.canDelete)).toBe(true);
    expect(body.canManageGlobal).toBe(false);
  });

  it('refuses a visitor', async () => {
    expect((await server.request('/api/options')).status).toBe(401);
  });

  it("adds an event's own options for its participants (the profile form's list), never another event's", async () => {
    const cast = await eventWithCast(server);
    const own = unique('Robotics');
    await server.ctx.db.insert(professionalInterests).values({ name: own, eventId: cast.event.id });
    const foreign = await createEvent(server.ctx, cast.otherOwner.user.id);
    const foreignName = unique('Secret');
    await server.ctx.db.insert(professionalInterests).values({ name: foreignName, eventId: foreign.id });

    const mine = await list('', cast.attendee.headers);
    expect(mine.interests.map((option) => option.name)).toEqual(expect.arrayContaining(['Astronomy', own]));
    expect(mine.interests.map((option) => option.name)).not.toContain(foreignName);
    expect((await list('', cast.stranger.headers)).interests.map((option) => option.name)).not.toContain(own);
    expect((await list('?scope=global', cast.attendee.headers)).interests.map((option) => option.name)).not.toContain(own);

    const eventScope = await list(`?scope=event&eventId=${cast.event.id}`, cast.attendee.headers);
    expect(eventScope.interests.find((option) => option.name === own)).toMatchObject({ eventId: cast.event.id, isDefault: false, canDelete: false });
    const managerScope = await list(`?scope=event&eventId=${cast.event.id}`, cast.coOwner.headers);
    expect(managerScope.canManageEvent).toBe(true);
    expect(managerScope.interests.find((option) => option.name === own)?.canDelete).toBe(true);
    expect(managerScope.interests.find((option) => option.name === 'Astronomy')?.canDelete).toBe(false);
    expect((await server.request(`/api/options?scope=event&eventId=${cast.event.id}`, { headers: cast.stranger.headers })).status).toBe(404);
  });
});

describe('managing options', () => {
  it('global options: only a super admin adds (marked default) and deletes, with the spec messages', async () => {
    const { headers: admin } = await signedInUser(server, { roles: ['super_admin'] });
    const cast = await eventWithCast(server);
    const name = unique('Quantum');
    await expectNothingWritten(
      () => optionsNamed(name),
      async () => {
        const refusedAdd = await add('interests', { name }, cast.owner.headers);
        expect(refusedAdd.status).toBe(403);
        expect((await errorOf(refusedAdd)).message).toBe('Only Super Admin can add default interests');
      },
    );
    const created = await add('interests', { name: `  ${name}  ` }, admin);
    expect(created.status).toBe(201);
    const option = (await created.json()) as OptionJson;
    expect(option).toMatchObject({ name, isDefault: true, eventId: null });
    const duplicate = await add('interests', { name: name.toUpperCase() }, admin);
    expect(duplicate.status).toBe(409);
    expect((await errorOf(duplicate)).message).toBe('This interest already exists');

    const goal = (await (await add('goals', { name }, admin)).json()) as OptionJson;
    await expectNothingWritten(
      () => optionsNamed(name),
      async () => {
        const refusedDelete = await remove('interests', option.id, cast.owner.headers);
        expect(refusedDelete.status).toBe(403);
        expect(await errorOf(refusedDelete)).toEqual({ code: 'forbidden', message: 'Only Super Admin can delete default interests' });
        expect((await errorOf(await remove('goals', goal.id, cast.coOwner.headers))).message).toBe('Only Super Admin can delete default goals');
      },
    );
    expect((await remove('interests', option.id, admin)).status).toBe(204);
    expect((await remove('goals', goal.id, admin)).status).toBe(204);
    expect((await remove('goals', goal.id, admin)).status).toBe(404);
    expect((await add('goals', { name: '   ' }, admin)).status).toBe(400);
  });

  it("event options: the event's managers add and delete; attendees 403, other organizers 404", async () => {
    const cast = await eventWithCast(server);
    const name = unique('Local');
    await expectNothingWritten(
      () => optionsNamed(name),
      async () => {
        for (const who of [cast.attendee, cast.volunteer]) expect((await add('goals', { name, eventId: cast.event.id }, who.headers)).status).toBe(403);
        expect((await add('goals', { name, eventId: cast.event.id }, cast.otherOwner.headers)).status).toBe(404);
        expect((await add('goals', { name, eventId: cast.event.id })).status).toBe(401);
      },
    );
    const created = await add('goals', { name, eventId: cast.event.id }, cast.coOwner.headers);
    expect(created.status).toBe(201);
    const option = (await created.json()) as OptionJson;
    expect(option).toMatchObject({ isDefault: false, eventId: cast.event.id });
    // The same name may exist globally and in another event.
    const other = await createEvent(server.ctx, cast.owner.user.id);
    expect((await add('goals', { name, eventId: other.id }, cast.owner.headers)).status).toBe(201);

    await expectNothingWritten(
      () => optionsNamed(name),
      async () => {
        expect((await remove('goals', option.id, cast.attendee.headers)).status).toBe(403);
        expect((await remove('goals', option.id, cast.otherOwner.headers)).status).toBe(404);
      },
    );
    expect((await remove('goals', option.id, cast.admin.headers)).status).toBe(204);
    const again = (await (await add('interests', { name, eventId: cast.event.id }, cast.owner.headers)).json()) as OptionJson;
    expect((await remove('interests', again.id, cast.owner.headers)).status).toBe(204);
  });
});

describe('one name per list, the global one winning (issue 17)', () => {
  it("refuses an event's own option named like a global one (any case), and writes nothing", async () => {
    const cast = await eventWithCast(server);
    const global = unique('Quantum');
    expect((await add('interests', { name: global }, cast.admin.headers)).status).toBe(201);
    const refused = await add('interests', { name: global.toUpperCase(), eventId: cast.event.id }, cast.owner.headers);
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toEqual({ code: 'conflict', message: 'This interest already exists' });
    const rows = await server.ctx.db
      .select()
      .from(professionalInterests)
      .where(and(eq(professionalInterests.eventId, cast.event.id), sql`lower(${professionalInterests.name}) = lower(${global})`));
    expect(rows).toHaveLength(0);
    // Any other name is still welcome.
    expect((await add('interests', { name: unique('Own'), eventId: cast.event.id }, cast.owner.headers)).status).toBe(201);
  });

  it('shows a name once when an older event option shares it with a global one, the global one kept', async () => {
    const cast = await eventWithCast(server);
    const name = unique('Fintech');
    // As existing data may hold it: the event's option first, a global one of the same name added later.
    await server.ctx.db.insert(networkingGoals).values({ name: name.toLowerCase(), eventId: cast.event.id });
    expect((await add('goals', { name }, cast.admin.headers)).status).toBe(201);
    for (const query of [`?scope=event&eventId=${cast.event.id}`, '']) {
      const shown = (await list(query, cast.owner.headers)).goals.filter((goal) => goal.name.toLowerCase() === name.toLowerCase());
      expect(shown, query).toHaveLength(1);
      expect(shown[0]).toMatchObject({ name, isDefault: true, eventId: null });
    }
  });
});
