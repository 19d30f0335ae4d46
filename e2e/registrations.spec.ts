import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { apiAs, createEventAs, dashboardCard, DEMO_USERS, expect, horizontalOverflow, mailTo, settledA11yViolations, test, toast, useSessionOf } from './fixtures.ts';

// Issue 20, registration: a capacity with a waitlist that moves up by itself, cancelling, and the organizer's
// Registrations page (figures, lists, search, removal, settings), on the laptop and the phone.

const SLOW = 20_000;

test.describe('registration with a capacity', () => {
  test.describe.configure({ timeout: 120_000 });
  test.use({ contextOptions: { reducedMotion: 'reduce' } });

  test('a full event: join the waitlist, get the place someone gives up (by email too), then cancel it', async ({ page, playwright, baseURL }) => {
    await useSessionOf(page, 'attendee');
    const owner = await apiAs(playwright, baseURL!, 'owner');
    const staff = await apiAs(playwright, baseURL!, 'staff');
    const event = await createEventAs(owner, { name: `Small Room ${randomUUID().slice(0, 6)}` });
    expect((await owner.patch(`/api/events/${event.id}`, { data: { registrationOpen: true, capacity: 1 } })).status()).toBe(200);
    // The one place goes to someone else first.
    expect(await (await staff.post(`/api/events/${event.id}/registration`)).json()).toMatchObject({ status: 'registered' });

    await page.goto(`/event/${event.slug}`);
    const hero = page.locator('main section').first();
    await expect(hero.getByText('Fully booked: join the waitlist')).toBeVisible({ timeout: SLOW });
    await hero.getByRole('button', { name: 'Join Waitlist' }).click();
    await expect(toast(page, "You're on the waitlist")).toContainText('You are number 1 on the waitlist');
    await expect(hero.getByText("You're on the waitlist: we'll email you when a place opens up.")).toBeVisible();
    await expect(hero.getByRole('button', { name: 'Leave Waitlist' })).toBeVisible();
    expect(await horizontalOverflow(page)).toBe(0);

    // The person holding the place cancels: it is the attendee's, and an email says so.
    expect((await staff.delete(`/api/events/${event.id}/registration`)).status()).toBe(204);
    const mail = await mailTo(page.request, DEMO_USERS.attendee, new RegExp(`a place opened up and it is yours`));
    expect(mail.subject).toBe(`A place opened up: you're registered for ${event.name}`);
    await page.reload();
    await expect(hero.getByRole('link', { name: "You're registered · View Agenda" })).toBeVisible({ timeout: SLOW });

    // Cancelling asks first; "Keep it" keeps the place.
    await hero.getByRole('button', { name: 'Cancel Registration' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Cancel your registration?' });
    await expect(confirm).toContainText('goes to the next person on the waitlist');
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    await expect(confirm).toBeHidden();
    await hero.getByRole('button', { name: 'Cancel Registration' }).click();
    await confirm.getByRole('button', { name: 'Cancel Registration' }).click();
    await expect(toast(page, 'Registration cancelled')).toBeVisible();
    await expect(hero.getByRole('button', { name: 'Register Now' })).toBeVisible({ timeout: SLOW });

    for (const api of [owner, staff]) await api.dispose();
  });

  test("the organizer's Registrations page: figures, lists, live updates, search, removal and settings", async ({ page, playwright, baseURL }) => {
    await useSessionOf(page, 'owner');
    const owner = await apiAs(playwright, baseURL!, 'owner');
    const staff = await apiAs(playwright, baseURL!, 'staff');
    const attendee = await apiAs(playwright, baseURL!, 'attendee');
    const event = await createEventAs(owner, { name: `Workshop Day ${randomUUID().slice(0, 6)}` });
    expect((await owner.patch(`/api/events/${event.id}`, { data: { registrationOpen: true, capacity: 1 } })).status()).toBe(200);
    expect((await staff.post(`/api/events/${event.id}/registration`)).status()).toBe(200);

    // From the event's menu on the dashboard.
    await page.goto('/dashboard');
    const card = await dashboardCard(page, event.name);
    await card.getByRole('button', { name: `Manage ${event.name}` }).click();
    await page.getByRole('menuitem', { name: 'Registrations' }).click();
    await expect(page.getByRole('heading', { name: 'Registrations', level: 1 })).toBeVisible({ timeout: SLOW });
    await expect(page.getByText(event.name)).toBeVisible();
    const figure = (label: string) => page.getByRole('listitem').filter({ has: page.getByText(label, { exact: true }) });
    await expect(figure('Registered')).toContainText('1');
    await expect(figure('Registered')).toContainText('of 1 place');
    await expect(figure('Places left')).toContainText('0');
    const people = page.getByRole('list', { name: 'registered people' });
    await expect(people.getByText(DEMO_USERS.staff)).toBeVisible();
    // Export CSV downloads the list as a spreadsheet file.
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${event.slug}-registrations.csv`);
    const csv = readFileSync((await file.path())!, 'utf8');
    expect(csv).toContain('"Status","Waitlist Position","Name","Email"');
    expect(csv).toMatch(new RegExp(`"Registered","","[^"]+","${DEMO_USERS.staff}"`));

    // Someone registers while the page is open: they show on the waitlist without a reload.
    expect(await (await attendee.post(`/api/events/${event.id}/registration`)).json()).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });
    await expect(figure('Waitlist')).toContainText('1', { timeout: SLOW });
    await page.getByRole('tab', { name: /Waitlist/ }).click();
    const waiting = page.getByRole('list', { name: 'waitlisted people' });
    await expect(waiting.getByText(DEMO_USERS.attendee)).toBeVisible();

    // Search narrows the list; nobody matches a nonsense search.
    await page.getByRole('searchbox', { name: 'Search registrations' }).fill('nobody-like-this');
    await expect(page.getByText('Nobody on this list matches “nobody-like-this”.')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search registrations' }).fill('');

    // Removing asks first, then the person is gone and shows as removed by an organizer.
    await waiting.getByRole('button', { name: /^Remove / }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove from the waitlist?' });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(toast(page, 'Removed')).toBeVisible();
    await expect(figure('Waitlist')).toContainText('0');
    await page.getByRole('tab', { name: /Cancelled/ }).click();
    await expect(page.getByRole('list', { name: 'cancelled people' }).getByText('Removed by an organizer')).toBeVisible();

    // Settings: a bad capacity is refused at the field; a bigger one is saved.
    const settings = page.locator('form').filter({ hasText: 'Registration settings' });
    await settings.getByLabel('Capacity').fill('0');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expect(settings.getByText('Capacity must be at least 1')).toBeVisible();
    await settings.getByLabel('Capacity').fill('25');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expect(toast(page, 'Registration settings saved')).toBeVisible();
    await expect(figure('Places left')).toContainText('24');
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await settledA11yViolations(page)).toEqual([]);

    for (const api of [owner, staff, attendee]) await api.dispose();
  });

  test('registration questions: the organizer writes them, the form asks them, the lists show the answers', async ({ page, playwright, baseURL }) => {
    await useSessionOf(page, 'owner');
    const owner = await apiAs(playwright, baseURL!, 'owner');
    const attendee = await apiAs(playwright, baseURL!, 'attendee');
    const event = await createEventAs(owner, { name: `Questions Day ${randomUUID().slice(0, 6)}` });
    expect((await owner.patch(`/api/events/${event.id}`, { data: { registrationOpen: true } })).status()).toBe(200);

    // The organizer adds a required single-choice question on the Registrations page.
    await page.goto(`/events/${event.id}/registrations`);
    const editor = page.locator('form').filter({ hasText: 'Registration questions' });
    await editor.getByRole('button', { name: 'Add question' }).click();
    await editor.getByLabel('Question 1', { exact: true }).fill('T-shirt size');
    await editor.getByRole('combobox', { name: 'Answer' }).click();
    await page.getByRole('option', { name: 'Single choice' }).click();
    await editor.getByRole('button', { name: 'Save questions' }).click();
    await expect(editor.getByText('A choice question needs at least two options')).toBeVisible();
    const options = editor.getByLabel('Options');
    for (const size of ['S', 'M', 'L']) {
      await options.fill(size);
      await options.press('Enter');
    }
    await editor.getByLabel('Required').check();
    await editor.getByRole('button', { name: 'Save questions' }).click();
    await expect(toast(page, 'Registration questions saved')).toBeVisible();

    // The attendee's Register asks it first; leaving it unanswered is refused at the field.
    await useSessionOf(page, 'attendee');
    await page.goto(`/event/${event.slug}`);
    const hero = page.locator('main section').first();
    await hero.getByRole('button', { name: 'Register Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Register' });
    await dialog.getByRole('button', { name: 'Register' }).click();
    await expect(dialog.getByText('Please answer: T-shirt size')).toBeVisible();
    await dialog.getByLabel('M', { exact: true }).check();
    await dialog.getByRole('button', { name: 'Register' }).click();
    await expect(toast(page, 'Registered')).toBeVisible();
    await expect(hero.getByRole('link', { name: "You're registered · View Agenda" })).toBeVisible({ timeout: SLOW });

    // The organizer sees the answer beside the person.
    await useSessionOf(page, 'owner');
    await page.goto(`/events/${event.id}/registrations`);
    const row = page.getByRole('list', { name: 'registered people' }).getByRole('listitem').filter({ hasText: DEMO_USERS.attendee });
    await expect(row).toContainText('T-shirt size:M', { timeout: SLOW });
    expect(await horizontalOverflow(page)).toBe(0);

    for (const api of [owner, attendee]) await api.dispose();
  });
});
