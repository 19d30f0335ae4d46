import type { Page } from '@playwright/test';
import { demoAccountsBackToEnglish, expect as baseExpect, test, useSessionOf } from './fixtures.ts';

// Issue 23: the sponsors, auth, marketing, meetings, admin and dev-mailbox pages speak the language chosen in the
// header's menu (or, on pages without the app header, the one stored on the device or the browser's own).

// A page and its area's texts load together: on a busy two-core machine that can take longer than the default wait.
const expect = baseExpect.configure({ timeout: 30_000 });

/** Chooses a language in the app header's menu. */
async function chooseLanguage(page: Page, name: 'Deutsch' | 'Français' | 'Español') {
  await page.getByTestId('language-menu').click();
  await page.getByRole('menuitemradio', { name }).click();
}

demoAccountsBackToEnglish();

test.describe('languages: sponsors, auth, marketing, meetings, admin, mailbox', () => {
  test.describe.configure({ timeout: 180_000 });

  test('Sponsors and Networking switches to German from the header and keeps it after a reload', async ({ page }) => {
    await useSessionOf(page, 'attendee');
    await page.goto('/sponsors-networking');
    await expect(page.getByRole('heading', { name: 'Sponsors and Networking' })).toBeVisible();

    await chooseLanguage(page, 'Deutsch');
    await expect(page.getByRole('heading', { name: 'Sponsoren und Networking' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Sponsoren' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Stand von / }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sponsors and Networking' })).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sponsoren und Networking' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });

  test('the virtual booths of the demo event read in Spanish', async ({ page }) => {
    await useSessionOf(page, 'attendee');
    await page.goto('/sponsors-networking');
    await page.getByRole('link', { name: /^Visit Booth of / }).first().click();
    await expect(page.getByRole('heading', { name: 'Express Your Interest' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Booths' }).click();
    await expect(page.getByRole('heading', { name: 'Virtual Booths' })).toBeVisible();

    await chooseLanguage(page, 'Español');
    await expect(page.getByRole('heading', { name: 'Stands virtuales' })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Buscar patrocinadores' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Virtual Booths' })).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  });

  test('My Meetings reads in German', async ({ page }) => {
    await useSessionOf(page, 'attendee');
    await page.goto('/meetings');
    await expect(page.getByRole('heading', { name: 'My Meetings' })).toBeVisible();

    await chooseLanguage(page, 'Deutsch');
    await expect(page.getByRole('heading', { name: 'Meine Meetings' })).toBeVisible();
    await expect(page.getByRole('tab', { name: /^Anfragen/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Personen zum Treffen finden' })).toBeVisible();
    await expect(page.getByRole('tab', { name: /^Requests/ })).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });

  test('the Super Admin Dashboard reads in German, its dates too', async ({ page }) => {
    await useSessionOf(page, 'admin');
    await page.goto('/super-admin-dashboard');
    await expect(page.getByRole('heading', { name: 'Super Admin Dashboard' })).toBeVisible();

    await chooseLanguage(page, 'Deutsch');
    await expect(page.getByRole('heading', { name: 'Super-Admin-Dashboard' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Optionen verwalten' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Support-Tickets' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Manage Options' })).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    // "Do., 26. Nov. 2026": the weekday and month abbreviated, the day before the month, as German writes dates.
    const joined = page.getByRole('region', { name: 'Benutzer' }).getByRole('row').nth(1).getByRole('cell').nth(2);
    await expect(joined).toHaveText(/^[A-Z][a-z]\., \d{1,2}\. [A-ZÄ][a-zä]+\.? \d{4}$/);
  });

  test('the sign-in page reads in French when the device remembers French', async ({ page }) => {
    // A script run in the page before the app, as text: the specs' TypeScript knows no DOM.
    await page.addInitScript("localStorage.setItem('mingle.language', 'fr')");
    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: 'Bienvenue sur Mingle' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Se connecter' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Mot de passe oublié/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Welcome to Mingle' })).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  });

  test.describe('with a German browser', () => {
    test.use({ locale: 'de-DE' });

    test('the landing page reads in German', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kostenlos registrieren und Events erstellen');
      await expect(page.getByRole('link', { name: 'Jetzt starten' }).first()).toBeVisible();
      await expect(page.getByText('Register Free to')).toHaveCount(0);
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    });

    test('the development mailbox reads in German', async ({ page }) => {
      await page.goto('/dev/mailbox');
      await expect(page.getByRole('heading', { name: 'Postfach' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Aktualisieren' })).toBeVisible();
      await expect(page.getByText('Development only')).toHaveCount(0);
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    });
  });
});
