import { createHash, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { liveTopics } from '@mingle/shared/core/live';
import { authSessions } from '../../platform/db/schema/auth.ts';
import { events, eventVolunteers } from '../../platform/db/schema/events.ts';
import { storedFiles } from '../../platform/db/schema/files.ts';
import { networkingGoals, professionalInterests } from '../../platform/db/schema/networking.ts';
import { profiles } from '../../platform/db/schema/profiles.ts';
import type { LiveMessage } from '../../platform/live/bus.ts';
import { createUser, signedInUser } from '../../test/factories.ts';
import { useTestServer } from '../../test/harness.ts';
import { expectNothingWritten } from '../../test/nothing-written.ts';

const server = useTestServer();
// Option names unique to this run: on PostgreSQL every test file shares one database.
const suffix = randomUUID().slice(0, 8);
const INTEREST = { ai: `AI ${suffix}`, design: `Design ${suffix}` };
const GOAL = { hire: `Hire ${suffix}`, learn: `Learn ${suffix}` };

beforeAll(async () => {
  await server.ctx.db.insert(professionalInterests).values([{ name: INTEREST.ai, isDefault: true }, { name: INTEREST.design, isDefault: true }]);
  await server.ctx.db.insert(networkingGoals).values([{ name: GOAL.hire, isDefault: true }, { name: GOAL.learn, isDefault: true }]);
});

interface ErrorJson {
  error: { code: string; message: string };
}
interface ProfileJson {
  id: string;
  fullName: string;
  userType: string | null;
  companyOrInstitution: string | null;
  selectedInterests: string[];
  selectedGoals: string[];
  bio: string | null;
  linkedinUrl: string | null;
  githubUrl: string | null;
  showLinkedin: boolean;
  showGithub: boolean;
  avatarUrl: string | null;
  points: number;
  level: number;
  updatedAt: string;
  qrTokenExpiresAt: string | null;
}

const validProfile = () => ({
  fullName: 'Grace Hopper',
  userType: 'working_professional',
  companyOrInstitution: 'US Navy',
  selectedInterests: [INTEREST.ai],
  selectedGoals: [GOAL.learn],
  bio: 'Wrote the first compiler.',
  linkedinUrl: 'https://www.linkedin.com/in/grace',
  showLinkedin: false,
  githubUrl: 'https://github.com/grace',
  showGithub: true,
});

/** Headers for a signed-in browser: the session cookie, and the Origin a browser sends with a write. */
async function browserOf(options: Parameters<typeof signedInUser>[1] = {}) {
  const { user, headers } = await signedInUser(server, options);
  headers.set('origin', server.config.publicUrl);
  return { user, headers };
}

function send(method: string, path: string, headers: Headers | undefined, body?: unknown) {
  const init: RequestInit = { method, headers: new Headers(headers) };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    (init.headers as Headers).set('content-type', 'application/json');
    init.body = JSON.stringify(body);
  }
  return server.request(path, init);
}

const patchProfile = (headers: Headers | undefined, body: unknown) => send('PATCH', '/api/me/profile', headers, body);
const errorOf = async (response: Response) => ((await response.json()) as ErrorJson).error;
const profileRow = async (userId: string) => (await server.ctx.db.select().from(profiles).where(eq(profiles.id, userId)))[0]!;
/** A user's profile and the avatar files recorded for it: what a refused upload must leave as it was. */
const avatarOf = async (userId: string) => ({
  profile: await profileRow(userId),
  files: await server.ctx.db.select().from(storedFiles).where(and(eq(storedFiles.kind, 'avatar'), eq(storedFiles.recordId, userId))),
});
/** The users' sessions: what a refused sign-out must leave as it was. */
const sessionsOf = (...userIds: string[]) =>
  Promise.all(userIds.map((userId) => server.ctx.db.select().from(authSessions).where(eq(authSessions.userId, userId)).orderBy(authSessions.id)));

function imageForm(bytes: Uint8Array | Buffer, type: string, name = 'picture') {
  const form = new FormData();
  form.set('file', new File([new Uint8Array(bytes)], name, { type }));
  return form;
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#5b3fd9' } }).png().toBuffer();

/** Everything published on a user's account topic while `action` runs (delivered through LISTEN/NOTIFY). */
async function accountEventsDuring(userId: string, action: () => Promise<unknown>): Promise<string[]> {
  const kinds: string[] = [];
  const stop = server.ctx.live.onMessage((message: LiveMessage) => {
    if (message.topic === liveTopics.userAccount(userId)) kinds.push(message.event.kind);
  });
  try {
    await action();
    await expect.poll(() => kinds.length, { timeout: 5000 }).toBeGreaterThan(0);
  } finally {
    stop();
  }
  return kinds;
}

describe('visitors', () => {
  it('are refused on every route of the account with a 401, before any input is read', async () => {
    const origin = new Headers({ origin: server.config.publicUrl });
    const attempts: Array<[string, string, unknown?]> = [
      ['GET', '/api/me'],
      ['POST', '/api/me/terms'],
      ['PATCH', '/api/me/profile', validProfile()],
      ['PATCH', '/api/me/profile', { fullName: '' }],
      ['POST', '/api/me/avatar', imageForm(await png(8, 8), 'image/png')],
      ['DELETE', '/api/me/avatar'],
      ['POST', '/api/me/qr-token'],
      ['GET', '/api/me/sessions'],
      ['POST', '/api/me/sessions/sign-out-others'],
      ['DELETE', `/api/me/sessions/${randomUUID()}`],
    ];
    for (const [method, path, body] of attempts) {
      const response = await send(method, path, origin, body);
      expect(response.status, `${method} ${path}`).toBe(401);
      expect((await errorOf(response)).code).toBe('unauthenticated');
    }
  });
});

describe('GET /api/me', () => {
  it('tells whether the caller volunteers for any event', async () => {
    const { user, headers } = await browserOf({ roles: ['event_volunteer'] });
    const before = (await (await send('GET', '/api/me', headers)).json()) as { isVolunteer: boolean; roles: string[] };
    expect(before.isVolunteer).toBe(false);
    expect(before.roles).toContain('event_volunteer');

    const owner = await createUser(server.ctx, { roles: ['event_owner'] });
    const [event] = await server.ctx.db
      .insert(events)
      .values({
        name: 'Volunteer test',
        slug: `volunteer-test-${randomUUID().slice(0, 8)}`,
        startDate: new Date(Date.now() + 86_400_000),
        endDate: new Date(Date.now() + 2 * 86_400_000),
        createdBy: owner.id,
      })
      .returning();
    await server.ctx.db.insert(eventVolunteers).values({ eventId: event!.id, userId: user.id, addedBy: owner.id });
    const after = (await (await send('GET', '/api/me', headers)).json()) as { isVolunteer: boolean };
    expect(after.isVolunteer).toBe(true);
  });

  it('never shows the QR token hash', async () => {
    const { headers } = await browserOf();
    await send('POST', '/api/me/qr-token', headers);
    const text = await (await send('GET', '/api/me', headers)).text();
    expect(text).not.toMatch(/qrTokenHash|qr_token_hash/);
    expect(text).toContain('qrTokenExpiresAt');
  });
});

describe('PATCH /api/me/profile', () => {
  it('saves every field of the form and stamps updated_at', async () => {
    const { user, headers } = await browserOf();
    const before = await profileRow(user.id);
    const response = await patchProfile(headers, validProfile());
    expect(response.status).toBe(200);
    const saved = (await response.json()) as ProfileJson;
    expect(saved).toMatchObject({ ...validProfile(), id: user.id });
    const row = await profileRow(user.id);
    expect(row.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
    expect(row.selectedGoals).toEqual([GOAL.learn]);
  });

  it('announces the change on the account topic', async () => {
    const { user, headers } = await browserOf();
    const kinds = await accountEventsDuring(user.id, () => patchProfile(headers, validProfile()));
    expect(kinds).toContain('account.updated');
  });

  it.each([
    [{ fullName: '' }, 'Name is required'],
    [{ fullName: 'x'.repeat(101) }, 'Name must be less than 100 characters'],
    [{ companyOrInstitution: ' ' }, 'Company/School/University is required'],
    [{ companyOrInstitution: 'x'.repeat(101) }, 'Must be less than 100 characters'],
    [{ selectedInterests: [] }, 'Please select at least one professional interest'],
    [{ selectedGoals: [] }, 'Please select at least one networking goal'],
    [{ bio: 'x'.repeat(2001) }, 'Bio must be less than 2000 characters'],
    [{ userType: 'wizard' }, 'Please select a valid user type'],
    [{ linkedinUrl: `https://linkedin.com/in/${'x'.repeat(480)}` }, 'URL must be less than 500 characters'],
    [{ linkedinUrl: 'www.linkedin.com/in/grace' }, 'LinkedIn URL must be a valid HTTP/HTTPS URL'],
    [{ linkedinUrl: 'https://twitter.com/grace' }, 'LinkedIn URL must be from linkedin.com domain'],
    [{ githubUrl: 'mailto:grace@github.com' }, 'GitHub URL must be a valid HTTP/HTTPS URL'],
    [{ githubUrl: 'https://github.com.evil.example/grace' }, 'GitHub URL must be from github.com domain'],
  ])('refuses %j with the spec message "%s", changing nothing', async (patch, message) => {
    const { user, headers } = await browserOf();
    const before = await profileRow(user.id);
    const response = await patchProfile(headers, { ...validProfile(), ...patch });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toEqual({ code: 'validation_failed', message });
    expect((await profileRow(user.id)).updatedAt).toEqual(before.updatedAt);
  });

  it('refuses interests and goals that are not options, and stores the options as they are named', async () => {
    const { user, headers } = await browserOf();
    await expectNothingWritten(
      () => profileRow(user.id),
      async () => {
        const unknownInterest = await patchProfile(headers, { ...validProfile(), selectedInterests: [INTEREST.ai, 'Underwater basket weaving'] });
        expect(unknownInterest.status).toBe(400);
        expect((await errorOf(unknownInterest)).message).toBe(
          '"Underwater basket weaving" is not one of the professional interests. Please choose from the list.',
        );
        const unknownGoal = await patchProfile(headers, { ...validProfile(), selectedGoals: ['World domination'] });
        expect((await errorOf(unknownGoal)).message).toBe('"World domination" is not one of the networking goals. Please choose from the list.');
      },
    );

    const ok = await patchProfile(headers, {
      ...validProfile(),
      selectedInterests: [INTEREST.ai.toUpperCase(), INTEREST.design, INTEREST.ai],
      selectedGoals: [GOAL.hire, GOAL.learn],
    });
    expect(ok.status).toBe(200);
    const row = await profileRow(user.id);
    expect(row.selectedInterests).toEqual([INTEREST.ai, INTEREST.design]);
    expect(row.selectedGoals).toEqual([GOAL.hire, GOAL.learn]);
  });

  it('refuses an event-only option on the profile', async () => {
    const owner = await createUser(server.ctx);
    const [event] = await server.ctx.db
      .insert(events)
      .values({
        name: 'Options test',
        slug: `options-test-${randomUUID().slice(0, 8)}`,
        startDate: new Date(Date.now() + 86_400_000),
        endDate: new Date(Date.now() + 2 * 86_400_000),
        createdBy: owner.id,
      })
      .returning();
    const eventOnly = `Event only ${suffix}`;
    await server.ctx.db.insert(professionalInterests).values({ name: eventOnly, eventId: event!.id });
    const { user, headers } = await browserOf();
    await expectNothingWritten(
      () => profileRow(user.id),
      async () => expect((await patchProfile(headers, { ...validProfile(), selectedInterests: [eventOnly] })).status).toBe(400),
    );
  });

  it('keeps optional fields that are left out, and clears empty ones', async () => {
    const { user, headers } = await browserOf();
    await patchProfile(headers, validProfile());
    const { fullName, companyOrInstitution, selectedInterests, selectedGoals } = validProfile();
    const partial = await patchProfile(headers, { fullName, companyOrInstitution, selectedInterests, selectedGoals });
    expect(partial.status).toBe(200);
    expect(await partial.json()).toMatchObject({ bio: 'Wrote the first compiler.', showLinkedin: false, userType: 'working_professional' });

    const cleared = await patchProfile(headers, { ...validProfile(), bio: '', linkedinUrl: '', githubUrl: '', userType: '' });
    expect(await cleared.json()).toMatchObject({ bio: null, linkedinUrl: null, githubUrl: null, userType: null });
    const row = await profileRow(user.id);
    expect(row.linkedinUrl).toBeNull();
  });

  it('ignores what the form may not change: avatar, points, level, terms, the QR token', async () => {
    const { user, headers } = await browserOf();
    const response = await patchProfile(headers, {
      ...validProfile(),
      avatarUrl: 'https://evil.example/x.png',
      points: 5000,
      level: 5,
      totalInteractions: 99,
      termsAcceptedAt: null,
      qrTokenHash: 'abc',
      id: randomUUID(),
    });
    expect(response.status).toBe(200);
    const row = await profileRow(user.id);
    expect(row).toMatchObject({ avatarUrl: null, points: 0, level: 1, totalInteractions: 0, qrTokenHash: null });
    expect(row.termsAcceptedAt).not.toBeNull();
  });

  it("changes only the caller's own profile", async () => {
    const alice = await browserOf();
    const bob = await browserOf();
    const bobBefore = await profileRow(bob.user.id);
    const response = await patchProfile(alice.headers, { ...validProfile(), fullName: 'Alice Changed', id: bob.user.id });
    expect(response.status).toBe(200);
    expect((await response.json()) as ProfileJson).toMatchObject({ id: alice.user.id, fullName: 'Alice Changed' });
    expect((await profileRow(alice.user.id)).fullName).toBe('Alice Changed');
    expect(await profileRow(bob.user.id)).toEqual(bobBefore);
  });
});

describe('the avatar', () => {
  it('stores a re-encoded WebP within 512 px without metadata, and deletes the one it replaces', async () => {
    const { user, headers } = await browserOf();
    const withExif = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#ff8800' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-location' } })
      .toBuffer();
    const first = await send('POST', '/api/me/avatar', headers, imageForm(withExif, 'image/jpeg', 'me.jpg'));
    expect(first.status).toBe(200);
    const { avatarUrl } = (await first.json()) as ProfileJson;
    expect(avatarUrl).toMatch(/^\/files\/avatars\/[0-9a-f-]{36}\.webp$/);
    const served = await server.request(avatarUrl!);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const bytes = Buffer.from(await served.arrayBuffer());
    const metadata = await sharp(bytes).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 512, height: 384 });
    expect(metadata.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('secret-location'))).toBe(false);

    const second = await send('POST', '/api/me/avatar', headers, imageForm(await png(64, 64), 'image/png'));
    const replaced = (await second.json()) as ProfileJson;
    expect(replaced.avatarUrl).not.toBe(avatarUrl);
    expect((await server.request(avatarUrl!)).status).toBe(404);
    expect((await server.request(replaced.avatarUrl!)).status).toBe(200);
    expect((await profileRow(user.id)).avatarUrl).toBe(replaced.avatarUrl);
  });

  it('removes the picture and its file', async () => {
    const { user, headers } = await browserOf();
    const uploaded = (await (await send('POST', '/api/me/avatar', headers, imageForm(await png(32, 32), 'image/png'))).json()) as ProfileJson;
    const removed = await send('DELETE', '/api/me/avatar', headers);
    expect(removed.status).toBe(200);
    expect(((await removed.json()) as ProfileJson).avatarUrl).toBeNull();
    expect((await profileRow(user.id)).avatarUrl).toBeNull();
    expect((await server.request(uploaded.avatarUrl!)).status).toBe(404);
    // Removing again is harmless.
    expect((await send('DELETE', '/api/me/avatar', headers)).status).toBe(200);
  });

  it('refuses other types, by declared type and by content, with the spec message', async () => {
    const { user, headers } = await browserOf();
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).gif().toBuffer();
    const declaredGif = await send('POST', '/api/me/avatar', headers, imageForm(gif, 'image/gif', 'x.gif'));
    expect(declaredGif.status).toBe(415);
    expect(await errorOf(declaredGif)).toEqual({ code: 'unsupported_media_type', message: 'Please select a JPG, PNG, or WebP image' });

    const disguisedGif = await send('POST', '/api/me/avatar', headers, imageForm(gif, 'image/png', 'x.png'));
    expect(disguisedGif.status).toBe(415);
    const script = await send('POST', '/api/me/avatar', headers, imageForm(Buffer.from('<script>alert(1)</script>'), 'image/jpeg'));
    expect(script.status).toBe(415);
    expect((await errorOf(script)).message).toBe('Please select a JPG, PNG, or WebP image');
    expect((await profileRow(user.id)).avatarUrl).toBeNull();
  });

  it('refuses 5 MB and more with the spec message', async () => {
    const { user, headers } = await browserOf();
    await expectNothingWritten(
      () => avatarOf(user.id),
      async () => {
        const justOver = Buffer.alloc(5 * 1024 * 1024 + 1, 1);
        const response = await send('POST', '/api/me/avatar', headers, imageForm(justOver, 'image/png'));
        expect(response.status).toBe(413);
        expect(await errorOf(response)).toEqual({ code: 'payload_too_large', message: 'Image size must be less than 5MB' });
        const huge = await send('POST', '/api/me/avatar', headers, imageForm(Buffer.alloc(12 * 1024 * 1024, 1), 'image/png'));
        expect(huge.status).toBe(413);
        expect((await errorOf(huge)).message).toBe('Image size must be less than 5MB');
      },
    );
  });

  it('refuses an upload posted from another site with the cookie', async () => {
    const { user, headers } = await browserOf();
    headers.set('origin', 'https://evil.example.com');
    const response = await send('POST', '/api/me/avatar', headers, imageForm(await png(8, 8), 'image/png'));
    expect(response.status).toBe(403);
    expect((await profileRow(user.id)).avatarUrl).toBeNull();
  });

  it('asks for a file when none is sent', async () => {
    const { user, headers } = await browserOf();
    const form = new FormData();
    form.set('file', 'not a file');
    await expectNothingWritten(
      () => avatarOf(user.id),
      async () => {
        const response = await send('POST', '/api/me/avatar', headers, form);
        expect(response.status).toBe(400);
        expect((await errorOf(response)).message).toBe('Please choose an image to upload');
      },
    );
  });

  it("changes only the caller's own picture", async () => {
    const alice = await browserOf();
    const bob = await browserOf();
    const bobs = (await (await send('POST', '/api/me/avatar', bob.headers, imageForm(await png(16, 16), 'image/png'))).json()) as ProfileJson;
    await send('POST', '/api/me/avatar', alice.headers, imageForm(await png(16, 16), 'image/png'));
    await send('DELETE', '/api/me/avatar', alice.headers);
    expect((await profileRow(bob.user.id)).avatarUrl).toBe(bobs.avatarUrl);
    expect((await server.request(bobs.avatarUrl!)).status).toBe(200);
  });
});

describe('POST /api/me/qr-token', () => {
  it('answers a random token valid 24 hours and stores only its SHA-256 hash', async () => {
    const { user, headers } = await browserOf();
    const response = await send('POST', '/api/me/qr-token', headers);
    expect(response.status).toBe(200);
    const { token, expiresAt } = (await response.json()) as { token: string; expiresAt: string };
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const hoursLeft = (Date.parse(expiresAt) - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(23.9);
    expect(hoursLeft).toBeLessThanOrEqual(24);

    const row = await profileRow(user.id);
    expect(row.qrTokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.qrTokenExpiresAt?.toISOString()).toBe(expiresAt);
  });

  it('replaces the earlier token on regenerate', async () => {
    const { user, headers } = await browserOf();
    const first = (await (await send('POST', '/api/me/qr-token', headers)).json()) as { token: string };
    const second = (await (await send('POST', '/api/me/qr-token', headers)).json()) as { token: string };
    expect(second.token).not.toBe(first.token);
    const row = await profileRow(user.id);
    expect(row.qrTokenHash).toBe(createHash('sha256').update(second.token).digest('hex'));
  });

  it("makes a token for the caller only, and tells the caller's other tabs", async () => {
    const alice = await browserOf();
    const bob = await browserOf();
    await send('POST', '/api/me/qr-token', bob.headers);
    const bobBefore = await profileRow(bob.user.id);
    const kinds = await accountEventsDuring(alice.user.id, () => send('POST', '/api/me/qr-token', alice.headers));
    expect(kinds).toContain('account.updated');
    expect((await profileRow(bob.user.id)).qrTokenHash).toBe(bobBefore.qrTokenHash);
  });
});

describe('devices signed in', () => {
  const devicesOf = async (headers: Headers) =>
    ((await (await send('GET', '/api/me/sessions', headers)).json()) as {
      devices: Array<{ id: string; current: boolean; userAgent: string | null; lastActiveAt: string }>;
    }).devices;

  it('lists the caller’s sessions, this device first, without their tokens', async () => {
    const { user, headers } = await browserOf();
    const { signIn } = await import('../../test/factories.ts');
    await signIn(server, user);
    const response = await send('GET', '/api/me/sessions', headers);
    const text = await response.text();
    const { devices } = JSON.parse(text) as { devices: Array<{ current: boolean }> };
    expect(devices).toHaveLength(2);
    expect(devices[0]!.current).toBe(true);
    expect(devices[1]!.current).toBe(false);
    expect(text).not.toMatch(/token/i);
  });

  it('signs out one other device, or all the others, and never another user’s', async () => {
    const { user, headers } = await browserOf();
    const { signIn } = await import('../../test/factories.ts');
    const phone = await signIn(server, user);
    const tablet = await signIn(server, user);
    const stranger = await browserOf();
    const strangerDevice = (await devicesOf(stranger.headers))[0]!;

    await expectNothingWritten(
      () => sessionsOf(user.id, stranger.user.id),
      async () => {
        const refused = await send('DELETE', `/api/me/sessions/${strangerDevice.id}`, headers);
        expect(refused.status).toBe(404);
        expect((await send('DELETE', '/api/me/sessions/not-a-uuid', headers)).status).toBe(404);
      },
    );
    expect((await send('GET', '/api/me', stranger.headers)).status).toBe(200);

    const phoneId = (await devicesOf(phone)).find((device) => device.current)!.id;
    const one = await send('DELETE', `/api/me/sessions/${phoneId}`, headers);
    expect(one.status).toBe(200);
    expect((await send('GET', '/api/me', phone)).status).toBe(401);
    expect((await send('GET', '/api/me', tablet)).status).toBe(200);

    const others = await send('POST', '/api/me/sessions/sign-out-others', headers);
    expect(await others.json()).toEqual({ signedOut: 1 });
    expect((await send('GET', '/api/me', tablet)).status).toBe(401);
    expect((await send('GET', '/api/me', headers)).status).toBe(200);
    expect((await send('GET', '/api/me', stranger.headers)).status).toBe(200);
    expect(await devicesOf(headers)).toHaveLength(1);
  });
});
