import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import {
  apiAs,
  createAccount,
  createEventAs,
  expect,
  expectToastBelowHeader,
  horizontalOverflow,
  settledA11yViolations,
  shotInto,
  signInAccount,
  test,
  toast,
} from './fixtures.ts';

// Issue 21, API keys: a person makes a key on their profile's API keys page, sees it once, a script uses it without
// a cookie, and once revoked it is refused at once.

const shot = (page: Page, name: string) => shotInto('/tmp/shots-api-keys', page, name);

test.describe('API keys', () => {
  test.describe.configure({ timeout: 120_000 });
  test.use({ contextOptions: { reducedMotion: 'reduce' } });

  test('create a key, use it from a script, limit one to an event, revoke it', async ({ page, playwright, baseURL }) => {
    // A person of their own (the list starts empty), registered at one event so a key can be limited to it.
    const owner = await apiAs(playwright, baseURL!, 'owner');
    const event = await createEventAs(owner, { name: `Keys Conf ${randomUUID().slice(0, 6)}` });
    expect((await owner.patch(`/api/events/${event.id}`, { data: { registrationOpen: true } })).status()).toBe(200);
    const account = await createAccount(page.request, { fullName: 'Ada Integrator' });
    await signInAccount(page, account);
    expect((await page.request.post(`/api/events/${event.id}/registration`, { headers: { origin: baseURL! } })).status()).toBe(200);

    // From the profile's security card to the page, empty at first.
    await page.goto('/profile');
    const manage = page.getByRole('link', { name: 'Manage API keys' });
    await manage.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/shots-api-keys/profile-link-${page.viewportSize()?.width ?? 0}.png` });
    await manage.click();
    await expect(page.getByRole('heading', { name: 'API keys', level: 1 })).toBeVisible();
    await expect(page.getByText('No API keys yet')).toBeVisible();
    await shot(page, 'empty');

    // A read-only key for all events, expiring in 30 days: shown once.
    await page.getByRole('button', { name: 'Create API key' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Create key' }).click();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await dialog.getByLabel('Name').fill('Badge printer');
    await dialog.getByRole('radio', { name: /Read only/ }).check();
    await dialog.getByLabel('Expires').click();
    await page.getByRole('option', { name: '30 days' }).click();
    await dialog.getByRole('button', { name: 'Create key' }).click();
    await expect(dialog.getByRole('heading', { name: 'Copy your new API key' })).toBeVisible();
    await expect(dialog.getByText('You will not see this key again.')).toBeVisible();
    const key = (await dialog.getByTestId('new-api-key').textContent())!.trim();
    expect(key).toMatch(/^mgk_/);
    expect(await settledA11yViolations(page)).toEqual([]);
    await shot(page, 'shown-once');
    await dialog.getByRole('button', { name: 'Done' }).click();

    const row = page.getByRole('listitem', { name: 'Badge printer' });
    await expect(row).toContainText(key.slice(0, 10));
    await expect(row).toContainText('Read only');
    await expect(row).toContainText('All my events');
    await expect(row).toContainText('Never used');

    // A script: no cookie, only the key.
    const script = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${key}` } });
    const me = await script.get('/api/me');
    expect(me.status()).toBe(200);
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(account.email);
    expect((await script.get(`/api/events/${event.id}`)).status()).toBe(200);
    const write = await script.post(`/api/events/${event.id}/registration`);
    expect(write.status()).toBe(403);
    expect(((await write.json()) as { error: { message: string } }).error.message).toContain('read-only');
    await page.reload();
    await expect(row).toContainText(/Last used (now|\d+ minutes? ago|this minute)/);

    // A second key, limited to the event, read and write.
    await page.getByRole('button', { name: 'Create API key' }).click();
    await dialog.getByLabel('Name').fill('Check-in sync');
    await dialog.getByRole('radio', { name: /Read and write/ }).check();
    await dialog.getByLabel('Events').click();
    await page.getByRole('option', { name: event.name }).click();
    await dialog.getByLabel('Expires').click();
    await page.getByRole('option', { name: 'Never' }).click();
    await shot(page, 'create-form');
    await dialog.getByRole('button', { name: 'Create key' }).click();
    await expect(dialog.getByRole('heading', { name: 'Copy your new API key' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Done' }).click();
    const eventRow = page.getByRole('listitem', { name: 'Check-in sync' });
    await expect(eventRow).toContainText(event.name);
    await expect(eventRow).toContainText('Never expires');
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await settledA11yViolations(page)).toEqual([]);
    await shot(page, 'list');

    // Revoked with a confirmation: the script is refused at once.
    await row.getByRole('button', { name: 'Revoke Badge printer' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke key' }).click();
    await expect(toast(page, 'API key revoked')).toBeVisible();
    await expectToastBelowHeader(page, 'API key revoked');
    await expect(row).toContainText('Revoked');
    await expect(row.getByRole('button', { name: 'Revoke Badge printer' })).toHaveCount(0);
    const refused = await script.get('/api/me');
    expect(refused.status()).toBe(401);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe('This API key has been revoked.');
    await script.dispose();
  });
});
