import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { apiAs, createEventAs, demoAccountsBackToEnglish, expect, test, useSessionOf } from './fixtures.ts';

// Issue 23, the organizers' and the door's pages in the reader's language: each area's main page switched with the
// header's language menu (German mostly, French and Spanish once each) reads in that language, its English is gone,
// <html lang> follows, dates are written the German way, and the choice survives a reload.

// Generous: the first load of a page fetches its area's chunks and texts, slow on a busy test machine.
const SLOW = 45_000;

/** Picks a language in the header's menu, as a person does. */
async function switchLanguage(page: Page, name: 'Deutsch' | 'Français' | 'Español') {
  await page.getByTestId('language-menu').click();
  await page.getByRole('menuitemradio', { name }).click();
}

demoAccountsBackToEnglish();

test.describe('languages: events, door and organizers', () => {
  // The organizer's walk opens eight pages, each a first load of its area.
  test.describe.configure({ timeout: 300_000 });
  test.use({ contextOptions: { reducedMotion: 'reduce' } });

  test('an organizer works in German: create event, manager dashboard, analytics, webhooks, door, badges; the choice survives a reload', async ({ page, playwright, baseURL }) => {
    await useSessionOf(page, 'owner');
    const owner = await apiAs(playwright, baseURL!, 'owner');
    const event = await createEventAs(owner, { name: `Sprachen Summit ${randomUUID().slice(0, 6)}` });

    // Events: the create page, switched in the header.
    await page.goto('/events/create');
    await expect(page.getByRole('heading', { name: 'Create Event', level: 1 })).toBeVisible({ timeout: SLOW });
    await switchLanguage(page, 'Deutsch');
    await expect(page.getByRole('heading', { name: 'Event erstellen', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Eventname')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Event erstellen' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Create Event' })).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');

    // The choice is remembered on this device.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Event erstellen', level: 1 })).toBeVisible({ timeout: SLOW });
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');

    // Manager dashboard, with an event's dates written the German way ("1. Dez. 2026").
    await page.goto('/event-manager-dashboard');
    await expect(page.getByRole('heading', { name: 'Event-Manager-Dashboard', level: 1 })).toBeVisible({ timeout: SLOW });
    await expect(page.getByRole('tab', { name: 'Meine Events' })).toBeVisible();
    await expect(page.getByText('Event Manager Dashboard')).toHaveCount(0);
    const row = page.getByRole('listitem').filter({ hasText: event.name });
    await expect(row).toContainText(/\d{1,2}\. (Jan|Feb|März|Apr|Mai|Juni|Juli|Aug|Sept|Okt|Nov|Dez)/, { timeout: SLOW });
    await expect(row.getByRole('button', { name: 'Auswahllisten verwalten' })).toBeVisible();

    // Analytics.
    await page.goto(`/events/${event.id}/analytics`);
    await expect(page.getByRole('heading', { name: 'Event-Analysen', level: 1 })).toBeVisible({ timeout: SLOW });
    await expect(page.getByRole('tab', { name: 'Übersicht' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Overview' })).toHaveCount(0);

    // Webhooks: the heading is the same word in German; its empty state and button are not.
    await page.goto(`/events/${event.id}/webhooks`);
    await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible({ timeout: SLOW });
    await expect(page.getByText('Noch keine Webhook-Endpunkte')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Endpunkt hinzufügen' })).toBeVisible();
    await expect(page.getByText('No webhook endpoints yet')).toHaveCount(0);

    // The door.
    await page.goto(`/events/${event.id}/check-in`);
    await expect(page.getByText('Scannen', { exact: true })).toBeVisible({ timeout: SLOW });
    await expect(page.getByLabel('QR-Code-Token')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Nach Namen suchen' })).toBeVisible();
    await expect(page.getByText('Find by name')).toHaveCount(0);

    // Badges, from the Registrations page.
    await page.goto(`/events/${event.id}/registrations`);
    await page.getByRole('button', { name: 'Badges drucken' }).click();
    const badges = page.getByRole('dialog');
    await expect(badges.getByRole('heading', { name: 'Badges drucken' })).toBeVisible();
    await expect(badges.getByText('Papierformat')).toBeVisible();
    await expect(badges.getByText('Paper size')).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');

    await owner.dispose();
  });

  test('an attendee reads API keys in French, notifications and the calendar feed in Spanish', async ({ page }) => {
    await useSessionOf(page, 'attendee');
    await page.goto('/profile/api-keys');
    await expect(page.getByRole('heading', { name: 'API keys', level: 1 })).toBeVisible({ timeout: SLOW });
    await switchLanguage(page, 'Français');
    await expect(page.getByRole('heading', { name: 'Clés API', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Fonctionnement des clés' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'API keys' })).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');

    await switchLanguage(page, 'Español');
    await expect(page.getByRole('heading', { name: 'Claves de API', level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');

    await page.goto('/notifications');
    await expect(page.getByRole('heading', { name: 'Notificaciones', level: 1 })).toBeVisible({ timeout: SLOW });
    await expect(page.getByTestId('notification-bell')).toHaveAccessibleName(/^Notificaciones/);
    await expect(page.getByRole('heading', { name: 'Notifications' })).toHaveCount(0);

    await page.goto('/my-schedule');
    await page.getByRole('button', { name: 'Suscribirse en tu calendario' }).click({ timeout: SLOW });
    const feed = page.getByRole('dialog');
    await expect(feed.getByRole('heading', { name: 'Suscribirse en tu calendario' })).toBeVisible();
    await expect(feed.getByText('Subscribe in your calendar')).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  });

  test('a volunteer hands out goodies in German', async ({ page }) => {
    await useSessionOf(page, 'volunteer');
    await page.goto('/volunteer-dashboard');
    await expect(page.getByRole('heading', { name: 'Volunteer Dashboard', level: 1 })).toBeVisible({ timeout: SLOW });
    await switchLanguage(page, 'Deutsch');
    await expect(page.getByRole('heading', { name: 'Helfer-Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'QR-Code scannen' }).first()).toBeVisible();
    await expect(page.getByText('Zugeteilt').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Scan Participant QR' })).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });

  test('a visitor with a French browser reads the public event page in French', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, locale: 'fr-FR' });
    const page = await context.newPage();
    await page.goto('/event/demo-summit');
    await expect(page.getByRole('heading', { name: 'Au programme' })).toBeVisible({ timeout: SLOW });
    await expect(page.getByRole('link', { name: 'Se connecter' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What to Expect' })).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await context.close();
  });
});
