import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { apiAs, createAccount, createEventAs, dashboardCard, expect, horizontalOverflow, settledA11yViolations, shotInto, signInWithPassword, test, toast, useSessionOf } from './fixtures.ts';

// Issue 20, the door: organizers name the check-in points, the door's staff check people in by their QR or by name,
// see who was already in and who is not on the list, undo; the organizers' figures follow; and a phone that loses the
// network keeps checking people in from its saved roster, then syncs, learning who was first.

const SLOW = 20_000;
const shot = (page: Page, name: string) => shotInto('/tmp/shots-door', page, name);

test.describe('door check-in', () => {
  test.describe.configure({ timeout: 150_000 });
  test.use({ contextOptions: { reducedMotion: 'reduce' } });

  test('points, a QR scan, already in, not on the list, a name, undo, and the live figures', async ({ page, playwright, baseURL }) => {
    await useSessionOf(page, 'owner');
    const owner = await apiAs(playwright, baseURL!, 'owner');
    const staff = await apiAs(playwright, baseURL!, 'staff');
    const event = await createEventAs(owner, { name: `Door Day ${randomUUID().slice(0, 6)}` });
    expect((await owner.patch(`/api/events/${event.id}`, { data: { registrationOpen: true } })).status()).toBe(200);
    expect((await staff.post(`/api/events/${event.id}/registration`)).status()).toBe(200);
    // A guest with their personal QR, registered; and someone else with one, not registered.
    const guestApi = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
    const guest = await createAccount(guestApi, { fullName: `Grace Hopper ${randomUUID().slice(0, 4)}` });
    expect((await signInWithPassword(guestApi, guest.email, guest.password)).status()).toBe(200);
    expect((await guestApi.post(`/api/events/${event.id}/registration`)).status()).toBe(200);
    const guestToken = ((await (await guestApi.post('/api/me/qr-token')).json()) as { token: string }).token;
    const strangerApi = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
    const stranger = await createAccount(strangerApi, { fullName: 'Nikola Tesla' });
    expect((await signInWithPassword(strangerApi, stranger.email, stranger.password)).status()).toBe(200);
    const strangerToken = ((await (await strangerApi.post('/api/me/qr-token')).json()) as { token: string }).token;

    // The organizer names two points on the Registrations page.
    await page.goto(`/events/${event.id}/registrations`);
    const settings = page.locator('form').filter({ has: page.getByText('Check-in settings', { exact: true }) });
    await settings.getByRole('button', { name: 'Add point' }).click();
    await settings.getByLabel('Point 1 name').fill('Main entrance');
    await settings.getByRole('button', { name: 'Add point' }).click();
    await settings.getByLabel('Point 2 name').fill('main entrance');
    await settings.getByRole('button', { name: 'Save check-in settings' }).click();
    await expect(settings.getByText('Two check-in points cannot have the same name')).toBeVisible();
    await settings.getByLabel('Point 2 name').fill('Day 2');
    await settings.getByRole('button', { name: 'Save check-in settings' }).click();
    await expect(toast(page, 'Check-in settings saved')).toBeVisible();

    // The door, from the event's menu on the dashboard.
    await page.goto('/dashboard');
    const card = await dashboardCard(page, event.name);
    await card.getByRole('button', { name: `Manage ${event.name}` }).click();
    await page.getByRole('menuitem', { name: 'Door check-in' }).click();
    await expect(page.getByRole('heading', { name: 'Door Check-in', level: 1 })).toBeVisible({ timeout: SLOW });
    await expect(page.getByText('Roster on this phone: 2 people')).toBeVisible({ timeout: SLOW });
    await expect(page.getByLabel('Check-in point')).toContainText('Main entrance');

    const code = page.getByLabel('QR Code Token');
    const result = page.getByRole('region', { name: 'Check-in result' });
    await code.fill(guestToken);
    await code.press('Enter'); // as a handheld scanner does
    await expect(result).toContainText('Checked in');
    await expect(result).toContainText(guest.fullName);
    await expect(result).toContainText('by you');
    expect(await settledA11yViolations(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);
    await shot(page, `door-checked-in-${test.info().project.name}`);

    await code.fill(guestToken);
    await code.press('Enter');
    await expect(result).toContainText('Already checked in');
    await expect(result).toContainText('First checked in at');

    await code.fill(strangerToken);
    await code.press('Enter');
    await expect(result).toContainText('Not on the list');
    await expect(result).toContainText('Nikola Tesla');
    await expect(result).toContainText('Not registered for this event.');

    await code.fill('not-a-real-token');
    await code.press('Enter');
    await expect(toast(page, 'Check-in failed')).toContainText('Invalid QR code');

    // By name, at the second point.
    await page.getByLabel('Check-in point').click();
    await page.getByRole('option', { name: 'Day 2' }).click();
    await page.getByLabel('Search by name or company').fill('Sam St');
    await page.getByRole('button', { name: 'Check in Sam Staff' }).click();
    await expect(result).toContainText('Checked in');
    await expect(result).toContainText('Sam Staff');
    await expect(page.getByRole('list', { name: 'People on the list' }).getByText('In', { exact: true })).toBeVisible();

    // Undo from the recent list: the record stays, with who undid it.
    const recent = page.getByRole('list', { name: 'Recent check-ins' });
    await expect(recent.getByRole('listitem')).toHaveCount(2);
    await recent.getByRole('button', { name: 'Undo check-in of Sam Staff' }).click();
    await expect(toast(page, 'Check-in undone')).toBeVisible();
    await expect(recent.getByRole('listitem').filter({ hasText: 'Sam Staff' })).toContainText('undone at');
    expect(await settledA11yViolations(page)).toEqual([]);
    await shot(page, `door-recent-${test.info().project.name}`);

    // The organizers' figures, live: one of two people in; the guest at the main entrance.
    await page.goto(`/events/${event.id}/registrations`);
    await expect(page.getByLabel('1 of 2 registered checked in')).toBeVisible({ timeout: SLOW });
    await expect(page.getByRole('table', { name: 'Check-ins per point' })).toContainText('Main entrance1');
    expect((await owner.post(`/api/events/${event.id}/check-ins`, { data: { userId: await idOf(staff), pointId: null, clientCheckInId: randomUUID() } })).status()).toBe(400);
    const points = ((await (await owner.get(`/api/events/${event.id}/check-in-settings`)).json()) as { points: Array<{ id: string; name: string }> }).points;
    expect((await owner.post(`/api/events/${event.id}/check-ins`, { data: { userId: await idOf(staff), pointId: points[1]!.id, clientCheckInId: randomUUID() } })).status()).toBe(200);
    await expect(page.getByLabel('2 of 2 registered checked in')).toBeVisible({ timeout: SLOW });
    await shot(page, `door-figures-${test.info().project.name}`);

    for (const api of [owner, staff, guestApi, strangerApi]) await api.dispose();
  });

  test('offline, the phone checks in from its saved roster and syncs when back; a second phone’s earlier check-in wins', async ({ page, playwright, baseURL }) => {
    // A fresh participant registered for the demo event, where the demo volunteer works the door.
    const participantApi = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
    const participant = await createAccount(participantApi, { fullName: `Mary Jackson ${randomUUID().slice(0, 4)}` });
    expect((await signInWithPassword(participantApi, participant.email, participant.password)).status()).toBe(200);
    const event = (await (await participantApi.get('/api/public/events/demo-summit')).json()) as { id: string; name: string };
    expect((await participantApi.post(`/api/events/${event.id}/registration`)).status()).toBe(200);
    const token = ((await (await participantApi.post('/api/me/qr-token')).json()) as { token: string }).token;

    await useSessionOf(page, 'volunteer');
    await page.goto('/volunteer-dashboard');
    const card = page.getByRole('listitem').filter({ hasText: event.name });
    await card.getByRole('link', { name: 'Door check-in' }).click();
    await expect(page.getByRole('heading', { name: 'Door Check-in', level: 1 })).toBeVisible({ timeout: SLOW });
    await expect(page.getByText(/Roster on this phone: \d+ people/)).toBeVisible({ timeout: SLOW });

    // The hall's Wi-Fi goes.
    await page.context().setOffline(true);
    await expect(page.getByText('You are offline.')).toBeVisible();
    const code = page.getByLabel('QR Code Token');
    const result = page.getByRole('region', { name: 'Check-in result' });
    await code.fill(token);
    await code.press('Enter');
    await expect(result).toContainText('Checked in');
    await expect(result).toContainText(participant.fullName);
    await expect(result).toContainText('Saved on this phone');
    await expect(page.getByText('1 check-in is saved on this phone')).toBeVisible();
    // Scanned again offline, the phone knows.
    await code.fill(token);
    await code.press('Enter');
    await expect(result).toContainText('Already checked in');
    await code.fill('someone-else-s-code');
    await code.press('Enter');
    await expect(result).toContainText('This code is not on the roster saved on this phone.');
    expect(await settledA11yViolations(page)).toEqual([]);
    await shot(page, `door-offline-${test.info().project.name}`);

    // Meanwhile the owner, at another door with a network, lets the same person in.
    const owner = await apiAs(playwright, baseURL!, 'owner');
    const participantId = await idOf(participantApi);
    const first = await owner.post(`/api/events/${event.id}/check-ins`, { data: { userId: participantId, clientCheckInId: randomUUID() } });
    expect(((await first.json()) as { outcome: string }).outcome).toBe('checked_in');

    // Back online: the saved check-in goes out, and the volunteer learns who was first.
    await page.context().setOffline(false);
    await expect(toast(page, `${participant.fullName} was already checked in`)).toContainText('First checked in by Olivia Owner');
    await expect(page.getByText('1 check-in is saved on this phone')).toBeHidden();
    const mine = ((await (await owner.get(`/api/events/${event.id}/check-ins`)).json()) as { items: Array<{ person: { userId: string }; undoneAt: string | null }> }).items;
    expect(mine.filter((item) => item.person.userId === participantId)).toHaveLength(1);

    for (const api of [owner, participantApi]) await api.dispose();
  });
});

async function idOf(api: { get: (url: string) => Promise<{ json: () => Promise<unknown> }> }): Promise<string> {
  return ((await (await api.get('/api/me')).json()) as { user: { id: string } }).user.id;
}
