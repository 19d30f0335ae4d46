import type { Page } from '@playwright/test';
import {
  createAccount,
  expect,
  settledA11yViolations,
  signInAccount,
  test,
  totpCode,
  waitForSignInSlot,
  type TestAccount,
} from './fixtures.ts';

// A lost phone must not lock an account: the sign-in code step takes one of the backup codes shown at two-factor
// set-up, once each (issue 16).

test.describe.configure({ timeout: 120_000 });

/** Turns two-factor on through the API for a signed-in page; answers the backup codes. */
async function enableTwoFactor(page: Page, account: TestAccount, baseURL: string): Promise<string[]> {
  const headers = { origin: baseURL };
  const enabled = await page.request.post('/api/auth/two-factor/enable', { data: { password: account.password }, headers });
  expect(enabled.status()).toBe(200);
  const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
  const secret = new URL(totpURI).searchParams.get('secret')!;
  const verified = await page.request.post('/api/auth/two-factor/verify-totp', { data: { code: totpCode(secret) }, headers });
  expect(verified.status()).toBe(200);
  return backupCodes;
}

async function passwordStep(page: Page, account: TestAccount) {
  await page.context().clearCookies();
  await page.goto('/auth');
  const panel = page.getByRole('tabpanel', { name: 'Sign In' });
  await panel.getByLabel('Email').fill(account.email);
  await panel.getByLabel('Password', { exact: true }).fill(account.password);
  await waitForSignInSlot();
  await panel.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(panel.getByLabel('Authentication code')).toBeVisible();
  return panel;
}

test('signs in with a backup code once; the same code is refused the second time', async ({ page, baseURL }, testInfo) => {
  const account = await createAccount(page.request, { prefix: 'backup' });
  await signInAccount(page, account);
  const [backup] = await enableTwoFactor(page, account, baseURL!);

  let panel = await passwordStep(page, account);
  await panel.getByRole('button', { name: 'Use a backup code instead' }).click();
  const field = panel.getByLabel('Backup code');
  await expect(field).toBeVisible();
  await field.fill(backup!);
  await expect(field).toHaveValue(backup!);
  expect(await settledA11yViolations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('backup-code-step.png'), fullPage: true });
  await panel.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('dialog', { name: 'Understanding User Roles' })).toBeVisible();

  panel = await passwordStep(page, account);
  await panel.getByRole('button', { name: 'Use a backup code instead' }).click();
  await panel.getByLabel('Backup code').fill(backup!);
  await panel.getByRole('button', { name: 'Verify' }).click();
  await expect(panel.getByText('That backup code is not right, or it was used already. Each backup code works once.')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('backup-code-used.png'), fullPage: true });
  expect((await page.request.get('/api/me')).status()).toBe(401);
});
