import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { apiAs, createEventAs, dashboardCard, expect, test, toast, useSessionOf } from './fixtures.ts';

// Issue 17, "Rules a careful user expects": nothing in the past, check-in only near a session, no registration
// once an event has ended (decision 0105); denials alike on every event screen (0106); one name per option list
// (0107); a failed landing save changes nothing (0108); deletes and cancellations ask first; "N active" events.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** For a screen that loads a lazy route or decodes an image first: slow on a loaded machine. */
const SLOW = 20_000;

/** A `datetime-local` value for an instant, in the browser's zone (the machine's, as the tests run here). */
function localInput(at: Date): string {
  return new Date(at.getTime() - at.getTimezoneOffset() * MINUTE).toISOString().slice(0, 16);
}

async function idOf(api: APIRequestContext): Promise<string> {
  return ((await (await api.get('/api/me')).json()) as { user: { id: string } }).user.id;
}

test.describe('rules a careful user expects', () => {
  // The first sign-in of a run may wait for a slot of the server's sign-in budget (fixtures.ts).
  test.describe.configure({ timeout: 120_000 });
  test.use({ contextOptions: { reducedMotion: 'reduce' } });

  test('an attendee: no meeting in the past, cancelling asks first, check-in only near the session, no Register Now once over, denials', async ({
    page,
    playwright,
    baseURL,
  }) => {
    await useSessionOf(page, 'attendee');
    const attendee = await apiAs(playwright, baseURL!, 'attendee');
    const staff = await apiAs(playwright, baseURL!, 'staff');
    const owner = await apiAs(playwright, baseURL!, 'owner');
    const staffId = await idOf(staff);

    // A meeting cannot be requested for yesterday: the dialog says so and nothing is sent.
    await page.goto(`/meetings?with=${staffId}`);
    const request = page.getByRole('dialog', { name: 'Request a Meeting' });
    await request.getByLabel('Proposed time').fill(localInput(new Date(Date.now() - 24 * HOUR)));
    await request.getByLabel('Agenda').fill('Catch up');
    await request.getByRole('button', { name: 'Send Request' }).click();
    await expect(request.getByText('Meeting time must be in the future')).toBeVisible();
    await expect(toast(page, 'Meeting Request Sent')).toHaveCount(0);
    await request.getByRole('button', { name: 'Cancel' }).click();

    // Cancelling a scheduled meeting asks first; "Keep Meeting" keeps it.
    const agenda = `Careful chat ${randomUUID().slice(0, 6)}`;
    const sent = await attendee.post('/api/meetings', {
      data: { recipientId: staffId, proposedTime: new Date(Date.now() + 2 * 24 * HOUR).toISOString(), durationMinutes: 30, agenda },
    });
    expect(sent.status()).toBe(201);
    expect((await staff.patch(`/api/meetings/${(await sent.json()).id}`, { data: { action: 'accept' } })).status()).toBe(200);
    await page.goto('/meetings?tab=scheduled');
    const meeting = page.getByRole('article').filter({ hasText: agenda });
    await meeting.getByRole('button', { name: /^Cancel/ }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Cancel meeting' });
    await expect(confirm).toContainText('Are you sure you want to cancel your meeting with');
    await confirm.getByRole('button', { name: 'Keep Meeting' }).click();
    await expect(confirm).toBeHidden();
    await expect(meeting).toBeVisible();
    await meeting.getByRole('button', { name: /^Cancel/ }).click();
    await confirm.getByRole('button', { name: 'Cancel Meeting' }).click();
    await expect(toast(page, 'Meeting Cancelled')).toBeVisible();
    await expect(meeting).toHaveCount(0);

    // Check-in opens 30 minutes before a session: one in three hours shows when, and cannot be checked in to yet.
    const event = await createEventAs(owner, { name: `Careful Day ${randomUUID().slice(0, 6)}` });
    await owner.patch(`/api/events/${event.id}`, { data: { registrationOpen: true } });
    const later = await owner.post(`/api/events/${event.id}/sessions`, {
      data: { title: 'Later talk', startTime: new Date(Date.now() + 3 * HOUR).toISOString(), endTime: new Date(Date.now() + 4 * HOUR).toISOString() },
    });
    expect(later.status()).toBe(201);
    expect((await attendee.post(`/api/events/${event.id}/registration`)).status()).toBe(200);
    expect((await attendee.put(`/api/sessions/${(await later.json()).id}/bookmark`)).status()).toBe(200);
    await page.goto('/my-schedule');
    const card = page.getByRole('region', { name: event.name }).getByRole('article').filter({ hasText: 'Later talk' });
    await expect(card.getByText(/^Check-in opens /)).toBeVisible();
    await expect(card.getByRole('button', { name: 'Check In to Later talk' })).toBeDisabled();

    // An event that has ended (it ran until a minute ago) offers no Register Now, and refuses a registration.
    const over = await createEventAs(owner, {
      name: `Over Already ${randomUUID().slice(0, 6)}`,
      // "Now" within the grace of a form's minute (decision 0105), so it may still be created, and it is over.
      startDate: new Date(Date.now() - 4 * MINUTE).toISOString(),
      endDate: new Date(Date.now() - MINUTE).toISOString(),
    });
    await owner.patch(`/api/events/${over.id}`, { data: { registrationOpen: true } });
    await page.goto(`/event/${over.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: over.name })).toBeVisible();
    await expect(page.getByText('This event has ended').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Register Now' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Register Now' })).toHaveCount(0);
    expect((await attendee.post(`/api/events/${over.id}/registration`)).status()).toBe(409);

    // Denials: analytics of the event the attendee registered for above is the spec's "Access Denied", then the dashboard;
    // an unknown agenda is the spec's load failure, not the 404 page (decision 0106).
    await page.goto(`/events/${event.id}/analytics`);
    await expect(toast(page, 'Access Denied')).toContainText("You don't have permission to access this page", { timeout: SLOW });
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(`/events/${randomUUID()}/agenda`);
    await expect(page.getByRole('heading', { name: 'Failed to load event agenda' })).toBeVisible({ timeout: SLOW });
    await expect(page.getByText('Oops! Page not found')).toHaveCount(0);

    for (const api of [attendee, staff, owner]) await api.dispose();
  });

  test('an organizer: no event in the past, one name per option list, a failed landing save changes nothing, denials', async ({
    page,
    playwright,
    baseURL,
  }) => {
    await useSessionOf(page, 'owner');
    const owner = await apiAs(playwright, baseURL!, 'owner');
    const admin = await apiAs(playwright, baseURL!, 'admin');

    // Create Event refuses a start in the past, at the field, and stays on the form.
    await page.goto('/events/create');
    await page.getByLabel('Event name').fill(`Yesterday ${randomUUID().slice(0, 6)}`);
    await page.getByLabel('Start date').fill(localInput(new Date(Date.now() - 24 * HOUR)));
    await page.getByLabel('End date').fill(localInput(new Date(Date.now() + 24 * HOUR)));
    await page.getByRole('button', { name: 'Create Event' }).click();
    await expect(page.getByText('Start date cannot be in the past')).toBeVisible();
    await expect(page).toHaveURL(/\/events\/create$/);

    // An event's own interest may not repeat a global one in another case: refused, and the name shows once.
    const event = await createEventAs(owner, { name: `Careful Fest ${randomUUID().slice(0, 6)}` });
    await page.goto('/dashboard');
    const card = await dashboardCard(page, event.name);
    await card.getByRole('button', { name: `Manage ${event.name}` }).click();
    await page.getByRole('menuitem', { name: 'Manage Dropdowns' }).click();
    const options = page.getByRole('dialog', { name: 'Manage Dropdown Options' });
    await options.getByLabel('New interest').fill('artificial INTELLIGENCE');
    await options.getByLabel('New interest').press('Enter');
    await expect(toast(page, 'Failed to add interest')).toContainText('This interest already exists');
    await expect(options.getByRole('listitem').filter({ hasText: /artificial intelligence/i })).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(options).toBeHidden();

    // Save Configuration with a new logo and a taken slug: refused, and the event keeps its (empty) logo.
    await card.getByRole('button', { name: `Manage ${event.name}` }).click();
    await page.getByRole('menuitem', { name: 'Configure Landing' }).click();
    const landing = page.getByRole('dialog', { name: 'Configure Landing Page' });
    await landing.locator('input[type=file]').setInputFiles({
      name: 'logo.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><circle cx="32" cy="32" r="30" fill="#5b3fd9"/></svg>'),
    });
    await landing.getByLabel('URL slug').fill('demo-summit');
    await landing.getByRole('button', { name: 'Save Configuration' }).click();
    await expect(landing.getByText('This slug is already in use. Please choose a different one.')).toBeVisible({ timeout: SLOW });
    const after = (await (await owner.get(`/api/events/${event.id}`)).json()) as { slug: string; logoUrl: string | null };
    expect(after).toMatchObject({ slug: event.slug, logoUrl: null });

    // Another event's owner opening Manage Sessions gets the spec's "Access Denied", as an attendee does (0106).
    const foreign = await createEventAs(admin, { name: `Not Yours ${randomUUID().slice(0, 6)}` });
    await page.goto(`/events/${foreign.id}/manage-sessions`);
    await expect(toast(page, 'Access Denied')).toBeVisible({ timeout: SLOW });
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Oops! Page not found')).toHaveCount(0);

    await owner.dispose();
    await admin.dispose();
  });

  test('the super admin: "N active" counts events not yet ended, deleting a global interest asks first, booth contacts', async ({
    page,
    playwright,
    baseURL,
  }) => {
    await useSessionOf(page, 'admin');
    const owner = await apiAs(playwright, baseURL!, 'owner');
    const admin = await apiAs(playwright, baseURL!, 'admin');

    // An event that starts next week is active: it has not ended (spec: "end date is after now").
    const activeNote = page.getByText(/^\d+ active$/);
    await page.goto('/super-admin-dashboard');
    const before = Number.parseInt((await activeNote.textContent())!, 10);
    await createEventAs(owner, { name: `Next Week ${randomUUID().slice(0, 6)}` });
    await page.reload();
    await expect(activeNote).toHaveText(`${before + 1} active`, { timeout: SLOW });

    // Deleting a global interest asks first, and says what it means; Cancel keeps it.
    const interest = `Careful Global ${randomUUID().slice(0, 6)}`;
    expect((await admin.post('/api/options/interests', { data: { name: interest } })).status()).toBe(201);
    await page.getByRole('button', { name: 'Manage Options' }).click();
    const options = page.getByRole('dialog', { name: 'Manage Dropdown Options' });
    await options.getByRole('button', { name: `Delete ${interest}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete interest' });
    await expect(confirm).toContainText('it will no longer be offered to anyone on the platform');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(options.getByRole('listitem').filter({ hasText: interest })).toHaveCount(1);
    await options.getByRole('button', { name: `Delete ${interest}` }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Success')).toContainText('Interest deleted');
    await expect(options.getByRole('listitem').filter({ hasText: interest })).toHaveCount(0);
    await page.keyboard.press('Escape');

    // Booth contact details show to the event's organizers, a super admin among them (decision 0109).
    const event = await createEventAs(owner, { name: `Booth Fair ${randomUUID().slice(0, 6)}` });
    const created = await owner.post(`/api/events/${event.id}/sponsors`, {
      data: { companyName: 'Careful Robotics', tier: 'gold', contactEmail: 'partners@careful.example', contactPhone: '+44 20 7946 0001' },
    });
    expect(created.status()).toBe(201);
    await page.goto(`/events/${event.id}/booths/${(await created.json()).id}`);
    await expect(page.getByText('Only visible to event organizers')).toBeVisible();
    await expect(page.getByText('partners@careful.example')).toBeVisible();

    await owner.dispose();
    await admin.dispose();
  });
});
