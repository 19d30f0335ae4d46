import { DEMO_USERS, demoAccountsBackToEnglish, expect, test, waitForSignInSlot } from './fixtures.ts';

// The shared rules' and the server's messages in the reader's language (docs/decisions/0182-shared-messages.md):
// the sign-in form's own validation and Better Auth's refusal of a wrong password, both in German.
demoAccountsBackToEnglish();

test.describe('messages in the reader’s language', () => {
  test.describe.configure({ timeout: 180_000 });

  test.beforeEach(async ({ page }) => {
    // The language menu's choice, remembered on this device (lib/i18n.ts LANGUAGE_STORAGE_KEY).
    await page.addInitScript({ content: "localStorage.setItem('mingle.language', 'de')" });
  });

  test('a German reader sees the form’s validation message and the server’s refusal in German', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    const form = page.locator('form').filter({ has: page.locator('input[autocomplete="current-password"]') });

    // The shared schema's "Invalid email address", checked in the browser before anything is sent.
    await form.locator('input[type="email"]').fill('not-an-email');
    await form.locator('input[autocomplete="current-password"]').fill('wrong-password');
    await form.locator('button[type="submit"]').click();
    await expect(form.getByText('Ungültige E-Mail-Adresse', { exact: true })).toBeVisible();
    await expect(form.getByText('Invalid email address')).toHaveCount(0);

    // Better Auth's "Invalid email or password" for a wrong password.
    await form.locator('input[type="email"]').fill(DEMO_USERS.attendee);
    await waitForSignInSlot();
    await form.locator('button[type="submit"]').click();
    // Generous: a password hash takes a while on a busy machine.
    await expect(page.getByText('Ungültige E-Mail-Adresse oder ungültiges Passwort')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Invalid email or password')).toHaveCount(0);
    await expect(page).toHaveURL(/\/auth/);
  });
});
