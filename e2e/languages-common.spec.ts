import type { Page } from '@playwright/test';
import { demoAccountsBackToEnglish, expect, test, useSessionOf } from './fixtures.ts';

// Issue 23: the header, the 404 page and the dashboard, support, invitations and options pages speak the chosen
// language; the English text is gone, <html lang> follows, and the choice outlives a reload.

/** Picks a language in the header's menu, as a user does. */
async function chooseLanguage(page: Page, name: 'Deutsch' | 'Français' | 'Español') {
  await page.getByTestId('language-menu').click();
  await page.getByRole('menuitemradio', { name }).click();
}

demoAccountsBackToEnglish();

test.describe('languages: the shared parts, dashboard, support, invitations', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the dashboard and header in German, with German dates, remembered after a reload', async ({ page }, testInfo) => {
    await useSessionOf(page, 'attendee');
    await page.goto('/dashboard');
    await expect(page.getByRole('tab', { name: 'All Events' })).toBeVisible({ timeout: 20_000 });
    await chooseLanguage(page, 'Deutsch');

    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('tab', { name: 'Alle Events' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('tab', { name: 'All Events' })).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'Teilnehmende entdecken' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('link', { name: 'Event erstellen' }).first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Support-Ticket' })).toBeVisible({ timeout: 20_000 });
    // The header: its links on a laptop, its menu button on a phone.
    if (testInfo.project.name === 'laptop') {
      await expect(page.getByRole('navigation', { name: 'Konto' }).getByRole('link', { name: 'Mein Zeitplan' })).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole('button', { name: 'Abmelden' })).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole('button', { name: 'Sign Out' })).toHaveCount(0);
    } else {
      await expect(page.getByRole('button', { name: /Menü/ })).toBeVisible({ timeout: 20_000 });
    }
    // An event card's start, written the German way ("Beginnt 1. Juni 2026, 09:00").
    await expect(page.getByText(/^Beginnt \d{1,2}\. \p{L}+\.? \d{4}/u).first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(/^Starts /)).toHaveCount(0);

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('tab', { name: 'Alle Events' })).toBeVisible({ timeout: 20_000 });
  });

  test('the support and contact pages in Spanish', async ({ page }) => {
    await useSessionOf(page, 'attendee');
    await page.goto('/support');
    await expect(page.getByRole('heading', { level: 1, name: 'Support Center' })).toBeVisible({ timeout: 20_000 });
    await chooseLanguage(page, 'Español');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1, name: 'Centro de soporte' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('tab', { name: 'Preguntas frecuentes' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('tab', { name: 'Enviar ticket' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('¿Cómo me inscribo en un evento?')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('How do I register for an event?')).toHaveCount(0);

    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Contacto' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByLabel('Nombre completo')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Enviar mensaje' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Send Message' })).toHaveCount(0);
  });

  test('the invitations page in German', async ({ page }) => {
    await useSessionOf(page, 'owner');
    await page.goto('/event-invitations');
    await expect(page.getByRole('heading', { level: 1, name: 'Send Event Invitations' })).toBeVisible({ timeout: 20_000 });
    await chooseLanguage(page, 'Deutsch');
    await expect(page.getByRole('heading', { level: 1, name: 'Event-Einladungen senden' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('Teilnehmende einladen')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Einladungen senden' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Send Invitations' })).toHaveCount(0);
  });

  test('the 404 page in French', async ({ page }) => {
    await page.addInitScript("localStorage.setItem('mingle.language', 'fr')");
    await page.goto('/no-such-page');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1, name: 'Oups ! Page introuvable' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('link', { name: "Retour à l'accueil" })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('Oops! Page not found')).toHaveCount(0);
  });
});
