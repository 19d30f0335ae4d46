import type { Page } from '@playwright/test';
import { apiAs, createEventAs, demoAccountsBackToEnglish, expect as baseExpect, test, useSessionOf } from './fixtures.ts';

// Every step here loads a page or a language's texts, which can take seconds on a loaded machine.
const expect = baseExpect.configure({ timeout: 20_000 });

/** Picks a language in the header's menu, as a person would. */
async function switchTo(page: Page, language: 'Deutsch' | 'Français' | 'Español') {
  await page.getByTestId('language-menu').click();
  await page.getByRole('menuitemradio', { name: language }).click();
}

demoAccountsBackToEnglish();

test.describe('languages: profiles, agenda, networking, messages, feed, Q&A, registrations', () => {
  // The first sign-in of a run may wait for a slot of the server's sign-in budget (fixtures.ts); each test loads
  // several pages in two or three languages.
  test.describe.configure({ timeout: 180_000 });

  test('profile, schedule and messages in German, remembered after a reload; attendees in Spanish', async ({ page }) => {
    await useSessionOf(page, 'attendee');
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible({ timeout: 30_000 });

    await switchTo(page, 'Deutsch');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1, name: 'Mein Profil' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Profil speichern' })).toBeVisible();
    await expect(page.getByText('Passwort ändern', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'My Profile' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Save Profile' })).toHaveCount(0);

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1, name: 'Mein Profil' })).toBeVisible();

    await page.goto('/my-schedule');
    await expect(page.getByRole('heading', { level: 1, name: 'Mein Zeitplan' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'My Schedule' })).toHaveCount(0);

    await page.goto('/messages');
    await expect(page.getByRole('heading', { level: 1, name: 'Nachrichten' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Unterhaltungen' })).toBeVisible();
    await expect(page.getByText("Direct messages with people you've met.")).toHaveCount(0);

    await page.goto('/attendees');
    await switchTo(page, 'Español');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1, name: 'Descubrir asistentes' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Recomendados para ti' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Discover Attendees' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Recommended for you' })).toHaveCount(0);
  });

  test('agenda with a German date, the event feed in German, a session Q&A in French', async ({ page, playwright, baseURL }) => {
    await useSessionOf(page, 'attendee');
    const owner = await apiAs(playwright, baseURL!, 'owner');
    const attendee = await apiAs(playwright, baseURL!, 'attendee');
    const event = await createEventAs(owner);
    expect((await owner.patch(`/api/events/${event.id}`, { data: { registrationOpen: true } })).status()).toBe(200);
    const start = Date.now() + 7 * 24 * 3_600_000 + 3_600_000;
    const created = await owner.post(`/api/events/${event.id}/sessions`, {
      data: { title: 'Keynote', sessionType: 'topic', startTime: new Date(start).toISOString(), endTime: new Date(start + 3_600_000).toISOString(), timezone: 'UTC' },
    });
    expect(created.status()).toBe(201);
    const session = (await created.json()) as { id: string };
    expect((await attendee.post(`/api/events/${event.id}/registration`)).status()).toBe(200);

    await page.goto(`/events/${event.id}/agenda`);
    // The first page of a browser loads the app: slow on a loaded machine.
    await expect(page.getByRole('heading', { level: 1, name: event.name })).toBeVisible({ timeout: 30_000 });
    await switchTo(page, 'Deutsch');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    const filters = page.getByRole('group', { name: 'Sessions filtern' });
    await expect(filters.getByRole('button', { name: /^Alle Sessions/ })).toBeVisible();
    await expect(filters.getByRole('button', { name: /^All Sessions/ })).toHaveCount(0);
    // The event's start the German way, on the event's calendar: "Beginnt am 3. Dezember 2026".
    await expect(page.getByText(/^Beginnt am \d{1,2}\. \p{L}+ \d{4}$/u)).toBeVisible();
    await expect(page.getByText(/^Starts /)).toHaveCount(0);

    await page.goto(`/events/${event.id}/feed`);
    await expect(page.getByRole('heading', { level: 1, name: 'Event-Feed' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Posten' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Event Feed' })).toHaveCount(0);

    await page.goto(`/sessions/${session.id}/qa`);
    await switchTo(page, 'Français');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { name: 'Poser une question' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Envoyer la question' })).toBeVisible();
    await expect(page.getByText('Questions de la session', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Ask a Question' })).toHaveCount(0);
  });

  test('registrations in German for the organizer', async ({ page, playwright, baseURL }) => {
    await useSessionOf(page, 'owner');
    const owner = await apiAs(playwright, baseURL!, 'owner');
    const event = await createEventAs(owner);

    await page.goto(`/events/${event.id}/registrations`);
    await expect(page.getByRole('heading', { level: 1, name: 'Registrations' })).toBeVisible({ timeout: 30_000 });
    await switchTo(page, 'Deutsch');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1, name: 'Anmeldungen' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'CSV importieren' })).toBeVisible();
    // Exactly: the door's "Check-in-Einstellungen speichern" is a button too.
    await expect(page.getByRole('button', { name: 'Einstellungen speichern', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Registrations' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Import CSV' })).toHaveCount(0);
  });
});
