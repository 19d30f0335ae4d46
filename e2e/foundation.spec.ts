import { randomUUID } from 'node:crypto';
import { expect, seriousA11yViolations, test } from './fixtures.ts';

test.describe('platform foundation', () => {
  test('an unknown path shows the 404 page, whose link returns home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Register Free to Start Creating Events' })).toBeVisible();
  });

  test('the landing page shows the hero, statistics and calls to action', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Register Free to Start Creating Events' })).toBeVisible();
    for (const figure of ['5M+', '10K+', '98%']) await expect(page.getByText(figure, { exact: true }).first()).toBeVisible();
    await expect(page.getByText('Free to get started · No credit card required · Create events instantly')).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test('the development mailbox shows a sign-up code that was just sent', async ({ page }) => {
    const email = `e2e-${randomUUID().slice(0, 8)}@acme-e2e.com`;
    const sent = await page.request.post('/api/signup/code', {
      data: { fullName: 'Edith Clarke', email, password: 'longenough' },
    });
    expect(sent.status()).toBe(200);
    await page.goto('/dev/mailbox');
    const message = page.getByText(email).first();
    await expect(message).toBeVisible();
    await expect(page.getByText(/is your Mingle verification code/).first()).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test('the API documentation and health check answer', async ({ page }) => {
    const health = await page.request.get('/api/health');
    expect(await health.json()).toMatchObject({ status: 'ok', database: { status: 'up' } });
    await page.goto('/api/docs');
    await expect(page.getByText('Mingle API').first()).toBeVisible();
    // Every area's operations, folded under its tag: opening one shows its paths.
    await expect(page.locator('h3.opblock-tag', { hasText: 'Registrations' })).toBeVisible();
    await page.locator('h3.opblock-tag', { hasText: 'Sign-up' }).click();
    await expect(page.getByText('/api/signup/code').first()).toBeVisible();
  });
});
