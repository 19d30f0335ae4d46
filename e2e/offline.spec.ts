import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { apiAs, createEventAs, expect as baseExpect, expectToastBelowHeader, signInAs, test, toast, useSessionOf } from './fixtures.ts';

// The installable, offline app (issue 23, decision 0185): the service worker needs the production build, which the
// test server serves.

// The first loads also fill the worker's caches (2 MB of app shell) on a machine shared by test runs.
const expect = baseExpect.configure({ timeout: 45_000 });

/** Waits until the service worker controls the page: from then on its API reads are kept for offline use. */
async function serviceWorkerControls(page: Page) {
  // The page's globals, typed here: the browser tests compile without the DOM library.
  type WithWorker = { navigator: { serviceWorker?: { controller: unknown } } };
  await page.waitForFunction(() => Boolean((globalThis as unknown as WithWorker).navigator.serviceWorker?.controller));
}

const offlineMark = (page: Page) => page.getByRole('status').filter({ hasText: /^Offline · last synced / });

/** What the window shows now, for a person to look at (/tmp/shots-a11y/{name}-{width}.png). */
async function shot(page: Page, name: string) {
  mkdirSync('/tmp/shots-a11y', { recursive: true });
  await page.screenshot({ path: `/tmp/shots-a11y/${name}-${page.viewportSize()?.width ?? 0}.png` });
}

type Api = Awaited<ReturnType<typeof apiAs>>;

/** An event of the demo owner with registration open, the demo attendee registered, and one session per title. */
async function eventWithSessions(owner: Api, attendee: Api, titles: string[]) {
  const event = await createEventAs(owner, { name: `Offline Day ${randomUUID().slice(0, 6)}` });
  await owner.patch(`/api/events/${event.id}`, { data: { registrationOpen: true } });
  const start = Date.now() + 10 * 60_000;
  const sessions = [];
  for (const [index, title] of titles.entries()) {
    const response = await owner.post(`/api/events/${event.id}/sessions`, {
      data: { title, sessionType: 'topic', startTime: new Date(start + index * 7_200_000).toISOString(), endTime: new Date(start + index * 7_200_000 + 3_600_000).toISOString(), timezone: 'UTC' },
    });
    expect(response.status()).toBe(201);
    sessions.push((await response.json()) as { id: string; title: string });
  }
  expect((await attendee.post(`/api/events/${event.id}/registration`)).status()).toBe(200);
  return { event, sessions };
}

test.describe('offline', () => {
  test.describe.configure({ timeout: 360_000 });
  test.use({ serviceWorkers: 'allow' });

  test('serves an installable manifest, and the service worker never long-cached', async ({ request }) => {
    const manifest = await request.get('/manifest.webmanifest');
    expect(manifest.status()).toBe(200);
    const body = (await manifest.json()) as { name: string; start_url: string; display: string; icons: Array<{ src: string; sizes: string }> };
    expect(body).toMatchObject({ name: 'Mingle', start_url: '/dashboard', display: 'standalone' });
    expect(body.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of body.icons) {
      const image = await request.get(icon.src);
      expect(image.status(), icon.src).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
    }
    const worker = await request.get('/sw.js');
    expect(worker.status()).toBe(200);
    expect(worker.headers()['cache-control']).toBe('no-cache');
    expect(await worker.text()).toContain('push-worker.js');
  });

  test('My Schedule, the agenda and the QR code open offline; a bookmark made offline is saved once', async ({ page, playwright, baseURL }) => {
    await useSessionOf(page, 'attendee');
    const owner = await apiAs(playwright, baseURL!, 'owner');
    const attendee = await apiAs(playwright, baseURL!, 'attendee');
    const event = await createEventAs(owner, { name: `Offline Day ${randomUUID().slice(0, 6)}` });
    await owner.patch(`/api/events/${event.id}`, { data: { registrationOpen: true } });
    const start = Date.now() + 10 * 60_000;
    const session = async (title: string, offsetHours: number) => {
      const response = await owner.post(`/api/events/${event.id}/sessions`, {
        data: { title, sessionType: 'topic', startTime: new Date(start + offsetHours * 3_600_000).toISOString(), endTime: new Date(start + (offsetHours + 1) * 3_600_000).toISOString(), timezone: 'UTC' },
      });
      expect(response.status()).toBe(201);
      return (await response.json()) as { id: string; title: string };
    };
    const kept = await session(`Kept talk ${randomUUID().slice(0, 4)}`, 0);
    const later = await session(`Later talk ${randomUUID().slice(0, 4)}`, 2);
    expect((await attendee.post(`/api/events/${event.id}/registration`)).status()).toBe(200);
    expect((await attendee.put(`/api/sessions/${kept.id}/bookmark`)).status()).toBe(200);

    // One visit of each, online.
    await page.goto('/my-schedule');
    await serviceWorkerControls(page);
    await page.reload(); // now through the worker, which keeps the answers
    await expect(page.getByRole('heading', { name: kept.title })).toBeVisible();
    await page.goto(`/events/${event.id}/agenda`);
    await expect(page.getByRole('heading', { name: later.title })).toBeVisible();
    await page.goto('/profile');
    await page.getByRole('button', { name: 'My QR Code' }).click();
    await expect(page.getByRole('img', { name: 'Your personal QR code' })).toBeVisible();
    await page.keyboard.press('Escape');

    // Offline, each page loads anew: the QR code, My Schedule, the agenda.
    await page.context().setOffline(true);
    await page.reload();
    await expect(offlineMark(page)).toBeVisible();
    await page.getByRole('button', { name: 'My QR Code' }).click();
    await expect(page.getByRole('img', { name: 'Your personal QR code' })).toBeVisible();
    await expect(page.getByText(/^Offline: this is your saved QR code\. It expires on /)).toBeVisible();
    await page.keyboard.press('Escape');
    await page.goto('/my-schedule');
    await expect(page.getByRole('heading', { name: kept.title })).toBeVisible();
    await expect(offlineMark(page)).toBeVisible();

    await page.goto(`/events/${event.id}/agenda`);
    await expect(page.getByRole('heading', { name: later.title })).toBeVisible();
    await expect(offlineMark(page)).toBeVisible();

    // A bookmark made offline on the agenda waits on the device, then is sent once.
    await page.getByRole('button', { name: `Bookmark ${later.title}` }).click();
    await expect(page.getByRole('status').filter({ hasText: '1 change waiting to sync' })).toBeVisible();
    // The toast says where the bookmark is, not that the server has it.
    await expect(page.getByText('Saved on this device: it will be sent when you are back online.')).toBeVisible();
    await expect(page.getByText('Session added to your schedule')).toHaveCount(0);
    // Not on the server yet.
    const before = (await (await attendee.get('/api/schedule')).json()) as { items: Array<{ session: { id: string } }> };
    expect(before.items.filter((item) => item.session.id === later.id)).toHaveLength(0);

    await page.context().setOffline(false);
    await expect(page.getByRole('status').filter({ hasText: /change.* waiting to sync/ })).toHaveCount(0);
    await expect(async () => {
      const after = (await (await attendee.get('/api/schedule')).json()) as { items: Array<{ session: { id: string } }> };
      expect(after.items.filter((item) => item.session.id === later.id)).toHaveLength(1);
    }).toPass();
    await page.reload();
    await expect(page.getByRole('button', { name: `Bookmarked ${later.title}` })).toHaveAttribute('aria-pressed', 'true');
    await owner.dispose();
    await attendee.dispose();
  });

  test('a bookmark still waiting shows after an offline reload; one the server refuses is told, with its reason', async ({ page, playwright, baseURL }) => {
    await useSessionOf(page, 'attendee');
    const owner = await apiAs(playwright, baseURL!, 'owner');
    const attendee = await apiAs(playwright, baseURL!, 'attendee');
    const { event, sessions } = await eventWithSessions(owner, attendee, [`Staying talk ${randomUUID().slice(0, 4)}`, `Cancelled talk ${randomUUID().slice(0, 4)}`]);
    const [staying, cancelled] = sessions as [{ id: string; title: string }, { id: string; title: string }];

    await page.goto(`/events/${event.id}/agenda`);
    await serviceWorkerControls(page);
    await page.reload();
    await expect(page.getByRole('heading', { name: cancelled.title })).toBeVisible();

    await page.context().setOffline(true);
    await page.reload();
    await expect(offlineMark(page)).toBeVisible();
    await page.getByRole('button', { name: `Bookmark ${staying.title}` }).click();
    await page.getByRole('button', { name: `Bookmark ${cancelled.title}` }).click();
    await expect(page.getByRole('status').filter({ hasText: '2 changes waiting to sync' })).toBeVisible();
    // A reload offline reads the agenda kept from before: the bookmarks waiting on the device are still shown.
    await page.reload();
    await expect(page.getByRole('button', { name: `Bookmarked ${staying.title}` })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: `Bookmarked ${cancelled.title}` })).toHaveAttribute('aria-pressed', 'true');
    await shot(page, 'offline-mark');

    // Meanwhile the organizer removes one session: its bookmark is refused once the network is back.
    expect((await owner.delete(`/api/sessions/${cancelled.id}`)).ok()).toBe(true);
    await page.context().setOffline(false);
    const refused = toast(page, `Your bookmark of “${cancelled.title}” was not saved`);
    await expect(refused).toBeVisible();
    await expect(refused).toContainText('Session not found');
    // Read out: the toast sits in a polite live region.
    await expect(page.locator('[aria-live="polite"]').filter({ has: refused })).toHaveCount(1);
    await shot(page, 'refused-write');
    await expect(page.getByRole('status').filter({ hasText: /change.* waiting to sync/ })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: cancelled.title })).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Bookmarked ${staying.title}` })).toHaveAttribute('aria-pressed', 'true');
    const schedule = (await (await attendee.get('/api/schedule')).json()) as { items: Array<{ session: { id: string } }> };
    expect(schedule.items.map((item) => item.session.id)).toContain(staying.id);
    await owner.dispose();
    await attendee.dispose();
  });

  test('signing out leaves nothing of the person on the device: cached answers, waiting writes, the kept QR code', async ({ page, playwright, baseURL }) => {
    // A session of its own: signing out ends it, and the other tests' shared attendee session lives on.
    await signInAs(page, 'attendee');
    const owner = await apiAs(playwright, baseURL!, 'owner');
    const attendee = await apiAs(playwright, baseURL!, 'attendee');
    const { event, sessions } = await eventWithSessions(owner, attendee, [`Private talk ${randomUUID().slice(0, 4)}`]);
    const [talk] = sessions as [{ id: string; title: string }];

    await page.goto(`/events/${event.id}/agenda`);
    await serviceWorkerControls(page);
    await page.reload();
    await expect(page.getByRole('heading', { name: talk.title })).toBeVisible();
    await page.goto('/profile');
    await page.getByRole('button', { name: 'My QR Code' }).click();
    await expect(page.getByRole('img', { name: 'Your personal QR code' })).toBeVisible();
    await page.keyboard.press('Escape');
    // A bookmark the hall's network loses on the way waits on the device: the page's fetch of it fails as a lost
    // connection's does. (Not Playwright's routing: in Chromium it can miss a request of a page a service worker
    // controls, microsoft/playwright#7588, and the bookmark then reached the server in about one run in three.)
    await page.goto(`/events/${event.id}/agenda`);
    await page.evaluate(`(() => {
      const sent = window.fetch;
      window.fetch = (input, init) =>
        String(input instanceof Request ? input.url : input).endsWith('/bookmark') ? Promise.reject(new TypeError('Failed to fetch')) : sent(input, init);
    })()`);
    await page.getByRole('button', { name: `Bookmark ${talk.title}` }).click();
    await expect(page.getByRole('status').filter({ hasText: '1 change waiting to sync' })).toBeVisible();

    type Kept = { storage: Array<string | null>; cached: string[] };
    const kept = () =>
      page.evaluate<Kept>(`(async () => ({
        storage: ['mingle:queued-writes', 'mingle:qr-token', 'mingle:last-synced', 'mingle:offline-owner'].map((key) => localStorage.getItem(key)),
        cached: (await (await caches.open('mingle-api')).keys()).map((request) => new URL(request.url).pathname),
      }))()`);
    const before = await kept();
    expect(before.storage.every((value) => value !== null)).toBe(true);
    expect(before.cached).toContain(`/api/events/${event.id}/agenda/viewer`);

    // The offline bar above the header pushes it down; the "Bookmarked" toast settles below it all the same, clear of
    // Sign Out and the menu (at the header's usual place it lay over their lower edge).
    expect((await page.getByRole('banner').boundingBox())!.y).toBeGreaterThan(0);
    await expectToastBelowHeader(page, 'Bookmarked');
    const menu = page.getByRole('banner').getByRole('button', { name: /^Menu/ });
    if (await menu.isVisible()) {
      await menu.click();
      await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    } else {
      await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
    }
    await expect(toast(page, 'Signed Out')).toBeVisible();
    const after = await kept();
    expect(after.storage).toEqual([null, null, null, null]);
    // The signed-out landing page may ask the server again; nothing answered to the person is left.
    expect(after.cached.filter((path) => path.startsWith('/api/events/') || path === '/api/schedule')).toEqual([]);
    // The next person on this phone, offline, finds no schedule of theirs.
    await page.context().setOffline(true);
    await page.goto('/my-schedule');
    // With no answer kept, whether anyone is signed in stays unknown: the page waits, and shows nobody's schedule.
    await expect(page.getByText('Loading…').or(page.getByText("We couldn't check your session")).first()).toBeVisible();
    await expect(page.getByText(talk.title)).toHaveCount(0);
    await page.context().setOffline(false);
    // The dropped bookmark was never sent either.
    const schedule = (await (await attendee.get('/api/schedule')).json()) as { items: Array<{ session: { id: string } }> };
    expect(schedule.items.map((item) => item.session.id)).not.toContain(talk.id);
    await owner.dispose();
    await attendee.dispose();
  });

  test("the volunteer's roster opens offline", async ({ page, playwright, baseURL }) => {
    await useSessionOf(page, 'volunteer');
    const volunteer = await apiAs(playwright, baseURL!, 'volunteer');
    const { assignments } = (await (await volunteer.get('/api/me/volunteer-assignments')).json()) as { assignments: Array<{ eventName: string }> };
    expect(assignments.length).toBeGreaterThan(0);
    await page.goto('/volunteer-dashboard');
    await serviceWorkerControls(page);
    await page.reload();
    await expect(page.getByText(assignments[0]!.eventName, { exact: true }).first()).toBeVisible();

    await page.context().setOffline(true);
    await page.reload();
    await expect(offlineMark(page)).toBeVisible();
    await expect(page.getByText(assignments[0]!.eventName, { exact: true }).first()).toBeVisible();
    await page.context().setOffline(false);
    await volunteer.dispose();
  });
});
