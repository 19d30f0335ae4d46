import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { apiAs, createAccount, createEventAs, expect as baseExpect, signInAccount, test, toast, uniqueEmail, useSessionOf } from './fixtures.ts';

// Each step waits on several browsers, uploads or a live announcement through the server: on a busy machine that takes
// seconds, so steps get 15 s instead of 5 (a broken promise still fails, only later).
const expect = baseExpect.configure({ timeout: 15_000 });

// Issue 17: what the screens promise happens, live. The participant is told of their goodie on whatever page they
// are ("Receive goodies, with a real-time notification"); the volunteer's card follows the owner's allocation; the
// owner's Event Analytics counts a registration made by accepting an invitation, and a sponsor's dashboard a booth
// visit, without a reload. And the invitations form says which address it refuses instead of dropping it.

/** A browser of its own, signed in as a fresh account (the same viewport as the test's). */
async function personIn(browser: Browser, like: Page, fullName: string) {
  const context = await browser.newContext({ reducedMotion: 'reduce', viewport: like.viewportSize() ?? undefined });
  const page = await context.newPage();
  const account = await createAccount(context.request, { prefix: 'live', fullName });
  await signInAccount(page, account);
  return { context, page, account };
}

/** Accepts, on the dashboard, the invitation whose row reads `what`. */
async function acceptOnDashboard(page: Page, what: string) {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: `Accept: ${what}` }).click();
  await expect(toast(page, 'Invitation Accepted')).toBeVisible();
}

test.describe('promises kept live', () => {
  test.describe.configure({ timeout: 150_000 });
  test.use({ contextOptions: { reducedMotion: 'reduce' } });

  test('analytics count an accepted invitation, the volunteer card follows its allocation, the participant hears of the goodie', async ({
    page,
    browser,
    playwright,
    baseURL,
  }) => {
    const owner = await apiAs(playwright, baseURL!, 'owner');
    const event = await createEventAs(owner);
    await useSessionOf(page, 'owner');
    await page.goto(`/events/${event.id}/analytics`);
    const registrations = page.getByTestId('metric-Total Registrations');
    await expect(registrations).toHaveText('0');

    // Accepting an invitation registers: the owner's open Analytics page counts it.
    const participant = await personIn(browser, page, 'Katherine Johnson');
    expect((await owner.post('/api/invitations', { data: { eventId: event.id, emails: [participant.account.email] } })).status()).toBe(200);
    await acceptOnDashboard(participant.page, `Attend ${event.name}`);
    await expect(registrations).toHaveText('1');

    // A sponsor's analytics dashboard counts the participant's booth visit without a reload as well.
    const sponsor = (await (await owner.post(`/api/events/${event.id}/sponsors`, { data: { companyName: 'Live Booth Co' } })).json()) as { id: string };
    await page.goto(`/events/${event.id}/sponsors/${sponsor.id}/dashboard`);
    const visits = page.getByRole('listitem').filter({ has: page.getByText('Booth Visits', { exact: true }) }).getByText(/^\d+$/);
    await expect(visits).toHaveText('0');
    await participant.page.goto(`/events/${event.id}/booths/${sponsor.id}`);
    await expect(visits).toHaveText('1');

    // The volunteer's card shows the allocation the owner then changes.
    const volunteer = await personIn(browser, page, 'Dorothy Vaughan');
    expect((await owner.post(`/api/events/${event.id}/volunteers`, { data: { email: volunteer.account.email, allocatedGoodies: 5 } })).status()).toBe(201);
    await acceptOnDashboard(volunteer.page, `Volunteer at ${event.name}`);
    await expect(volunteer.page).toHaveURL(/\/volunteer-dashboard$/);
    const card = volunteer.page.getByRole('listitem').filter({ hasText: event.name });
    const stat = (label: string) => card.getByText(label, { exact: true }).locator('xpath=following-sibling::dd');
    await expect(stat('Allocated')).toHaveText('5');
    const volunteerId = ((await (await volunteer.page.request.get('/api/me')).json()) as { user: { id: string } }).user.id;
    expect((await owner.put(`/api/events/${event.id}/volunteers/${volunteerId}/allocation`, { data: { allocatedGoodies: 8 } })).status()).toBe(200);
    await expect(stat('Allocated')).toHaveText('8');
    await expect(stat('Remaining')).toHaveText('8');

    // The participant, on another page, is told of the goodie the volunteer scans; the dashboard then lists it.
    const { token } = (await (await participant.page.request.post('/api/me/qr-token', { headers: { origin: baseURL! } })).json()) as { token: string };
    await participant.page.goto(`/events/${event.id}/agenda`);
    // Let in at the door first: goodies go to checked-in participants.
    const door = await volunteer.page.request.post(`/api/events/${event.id}/check-ins`, { data: { token, clientCheckInId: randomUUID() }, headers: { origin: baseURL! } });
    expect(door.status()).toBe(200);
    await card.getByRole('button', { name: 'Scan Participant QR' }).click();
    const scan = volunteer.page.getByRole('dialog', { name: 'Scan Participant QR' });
    await scan.getByLabel('QR Code Token').fill(token);
    await scan.getByRole('button', { name: 'Verify & Distribute Goodie' }).click();
    await expect(toast(volunteer.page, 'Goodie distributed!')).toContainText('Katherine Johnson received their event goodie. 7 remaining.');
    await expect(toast(participant.page, 'Goodie received!')).toContainText(`You received your event goodie at ${event.name}.`);
    await participant.page.goto('/dashboard');
    const goodies = participant.page.getByRole('region', { name: 'My Goodies' });
    await expect(goodies.getByText(event.name)).toBeVisible();
    await expect(goodies).toContainText('from Dorothy Vaughan');

    await participant.context.close();
    await volunteer.context.close();
  });

  test('the invitations form refuses an address that is not one, by name, and no red error outlives its cause', async ({ page, playwright, baseURL }) => {
    const owner = await apiAs(playwright, baseURL!, 'owner');
    const event = await createEventAs(owner);
    await useSessionOf(page, 'owner');
    await page.goto(`/event-invitations?eventId=${event.id}`);
    const field = (n: number) => page.getByLabel(`Email address ${n}`, { exact: true });
    const send = page.getByRole('button', { name: 'Send Invitations' });
    // The form's own messages (a toast may say the same for a few seconds).
    const addresses = page.getByRole('group', { name: 'Email addresses' });

    // Nothing entered: the message, gone as soon as an address is typed.
    await send.click();
    await expect(field(1)).toHaveAttribute('aria-invalid', 'true');
    await expect(addresses.getByText('Please enter at least one valid email address')).toBeVisible();
    await field(1).fill(uniqueEmail('kept'));
    await expect(field(1)).not.toHaveAttribute('aria-invalid', 'true');
    await expect(addresses.getByText('Please enter at least one valid email address')).toHaveCount(0);

    // Four entered, one of them not an address: refused by name, nothing sent.
    for (const email of [uniqueEmail('kept'), 'bad@@address', uniqueEmail('kept')]) {
      await page.getByRole('button', { name: 'Add Email' }).click();
      await page.locator('[data-invitation-email]').last().getByRole('textbox').fill(email);
    }
    await send.click();
    await expect(toast(page, 'Error')).toContainText('bad@@address is not a valid email address');
    await expect(field(3)).toHaveAttribute('aria-invalid', 'true');
    await expect(field(3)).toHaveAccessibleDescription('bad@@address is not a valid email address');
    for (const valid of [1, 2, 4]) await expect(field(valid)).not.toHaveAttribute('aria-invalid', 'true');
    const listed = (await (await owner.get(`/api/events/${event.id}/invitations`)).json()) as { items: unknown[] };
    expect(listed.items).toEqual([]);

    // Corrected, the error goes with it, and all four are sent.
    await field(3).fill(uniqueEmail('fixed'));
    await expect(field(3)).not.toHaveAttribute('aria-invalid', 'true');
    await expect(addresses.getByText('bad@@address is not a valid email address')).toHaveCount(0);
    await send.click();
    await expect(toast(page, 'Successfully sent 4 invitation(s)')).toBeVisible();
  });
});
