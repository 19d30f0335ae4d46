import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGO_URL_STORED_FILE_MESSAGE } from '@mingle/shared/sponsors/inputs';
import { events } from '../db/schema/events.ts';
import { sponsors } from '../db/schema/sponsors.ts';
import { eventWithCast } from '../../test/event-factories.ts';
import { signedInUser } from '../../test/factories.ts';
import { profiles } from '../db/schema/profiles.ts';
import { errorOf, startTestServer, type TestServer } from '../../test/harness.ts';

/**
 * Issue 16: a record deletes only files uploaded for it. Before, a sponsor's Logo URL took any URL, another user's
 * `/files/...` picture included, and clearing it deleted that file. Issue 17: the edit form sends an uploaded logo's
 * `/files/...` path back unchanged, and that must still save.
 */
describe('stored files belong to the record they were uploaded for', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  }, 180_000);
  afterAll(() => server?.close());

  const pngBlob = async () =>
    new Blob([new Uint8Array(await sharp({ create: { width: 16, height: 16, channels: 3, background: '#36c' } }).png().toBuffer())], { type: 'image/png' });

  async function uploadAvatar(headers: Headers): Promise<string> {
    const form = new FormData();
    form.append('file', await pngBlob(), 'me.png');
    const response = await server.send('POST', '/api/me/avatar', headers, form);
    expect(response.status).toBe(200);
    return ((await response.json()) as { avatarUrl: string }).avatarUrl;
  }

  const served = async (url: string) => (await server.request(url)).status;

  it('refuses a Logo URL naming another user’s file, and never deletes it', async () => {
    const victim = await signedInUser(server);
    const avatar = await uploadAvatar(victim.headers);
    const attacker = await eventWithCast(server);
    const sponsorsPath = `/api/events/${attacker.event.id}/sponsors`;

    // Pointing a new or an existing sponsor at the victim's file: refused, nothing written.
    for (const logoUrl of [avatar, `${server.config.publicUrl}${avatar}`]) {
      const created = await server.send('POST', sponsorsPath, attacker.owner.headers, { companyName: 'Eraser Inc', logoUrl });
      expect(created.status).toBe(400);
      expect((await errorOf(created)).message).toBe(LOGO_URL_STORED_FILE_MESSAGE);
    }
    expect(await server.ctx.db.select().from(sponsors).where(eq(sponsors.eventId, attacker.event.id))).toHaveLength(0);
    const sponsor = (await (await server.send('POST', sponsorsPath, attacker.owner.headers, { companyName: 'Eraser Inc' })).json()) as { id: string };
    const edited = await server.send('PUT', `/api/sponsors/${sponsor.id}`, attacker.owner.headers, { companyName: 'Eraser Inc', logoUrl: avatar });
    expect(edited.status).toBe(400);
    const [row] = await server.ctx.db.select({ logoUrl: sponsors.logoUrl }).from(sponsors).where(eq(sponsors.id, sponsor.id));
    expect(row!.logoUrl).toBeNull();

    // Even a record that somehow shows another's file (old data, another path) never deletes it when cleared.
    await server.ctx.db.update(sponsors).set({ logoUrl: avatar }).where(eq(sponsors.id, sponsor.id));
    const kept = await server.send('PUT', `/api/sponsors/${sponsor.id}`, attacker.owner.headers, { companyName: 'Eraser Inc', logoUrl: avatar });
    expect(kept.status).toBe(200); // unchanged: allowed, it is what the sponsor already shows
    const cleared = await server.send('PUT', `/api/sponsors/${sponsor.id}`, attacker.owner.headers, { companyName: 'Eraser Inc', logoUrl: '' });
    expect(cleared.status).toBe(200);
    await server.ctx.db.update(sponsors).set({ logoUrl: avatar }).where(eq(sponsors.id, sponsor.id));
    expect((await server.send('DELETE', `/api/sponsors/${sponsor.id}`, attacker.owner.headers)).status).toBe(204);

    await server.ctx.db.update(events).set({ logoUrl: avatar }).where(eq(events.id, attacker.event.id));
    expect((await server.send('DELETE', `/api/events/${attacker.event.id}/logo`, attacker.owner.headers)).status).toBe(200);

    expect(await served(avatar)).toBe(200);
  });

  it('keeps an uploaded logo through an edit, and deletes it once the sponsor drops it', async () => {
    const { event, owner } = await eventWithCast(server);
    const sponsor = (await (await server.send('POST', `/api/events/${event.id}/sponsors`, owner.headers, { companyName: 'Round Trip' })).json()) as { id: string };
    const form = new FormData();
    form.append('logo', await pngBlob(), 'logo.png');
    const uploaded = await server.send('PUT', `/api/sponsors/${sponsor.id}/logo`, owner.headers, form);
    expect(uploaded.status).toBe(200);
    const logoUrl = ((await uploaded.json()) as { logoUrl: string }).logoUrl;
    expect(logoUrl).toMatch(/^\/files\/sponsor-logos\//);

    // The edit form sends everything back, the uploaded logo's path included (issue 17: "Must be a valid URL").
    const edited = await server.send('PUT', `/api/sponsors/${sponsor.id}`, owner.headers, { companyName: 'Round Trip Ltd', logoUrl });
    expect(edited.status).toBe(200);
    expect(((await edited.json()) as { logoUrl: string }).logoUrl).toBe(logoUrl);
    expect(await served(logoUrl)).toBe(200);

    // A typed address replaces it: the uploaded file goes; the typed one is just a URL.
    const typed = await server.send('PUT', `/api/sponsors/${sponsor.id}`, owner.headers, { companyName: 'Round Trip Ltd', logoUrl: 'https://cdn.example.org/logo.png' });
    expect(typed.status).toBe(200);
    expect(await served(logoUrl)).toBe(404);
  });

  it('replacing an avatar deletes only the user’s own uploaded file', async () => {
    const [victim, attacker] = [await signedInUser(server), await signedInUser(server)];
    const victimAvatar = await uploadAvatar(victim.headers);
    const ownAvatar = await uploadAvatar(attacker.headers);
    // The attacker's profile row names the victim's file (as a URL set by another route would).

    await server.ctx.db.update(profiles).set({ avatarUrl: victimAvatar }).where(eq(profiles.id, attacker.user.id));
    expect((await server.send('DELETE', '/api/me/avatar', attacker.headers)).status).toBe(200);
    expect(await served(victimAvatar)).toBe(200);
    // Their own earlier upload is theirs: replacing it removes it.
    await server.ctx.db.update(profiles).set({ avatarUrl: ownAvatar }).where(eq(profiles.id, attacker.user.id));
    await uploadAvatar(attacker.headers);
    expect(await served(ownAvatar)).toBe(404);
  });
});
