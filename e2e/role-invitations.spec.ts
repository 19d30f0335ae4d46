import type { Page } from '@playwright/test';
import {
  apiAs,
  createAccount,
  createEventAs,
  expect,
  settledA11yViolations,
  shotInto,
  signInAccount,
  test,
  toast,
  useSessionOf,
} from './fixtures.ts';

// Issue 16 "Consent": adding a volunteer is an invitation. The invitee sees it on their dashboard, accepts it there,
// and only then has the volunteer dashboard with the event.

const shot = (page: Page, name: string) => shotInto('/tmp/shots-issue16', page, name);

test.describe('role invitations', () => {
  test.describe.configure({ timeout: 150_000 });
  test.use({ contextOptions: { reducedMotion: 'reduce' } });

  test('the organizer invites a volunteer; the invitee accepts on the dashboard and gets the volunteer dashboard', async ({
    page,
    browser,
    playwright,
    baseURL,
  }) => {
    const owner = await apiAs(playwright, baseURL!, 'owner');
    const event = await createEventAs(owner);
    const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
    const suffix = Math.random().toString(36).slice(2, 6);
    const invitee = await createAccount(request, { fullName: `Grace Hopper ${suffix}` });
    await request.dispose();

    // The organizer adds the volunteer by email: an invitation goes out, nobody is assigned.
    await useSessionOf(page, 'owner');
    await page.goto('/event-manager-dashboard');
    await page.getByRole('tab', { name: 'Volunteers' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Volunteers' });
    await panel.getByRole('button', { name: 'Add Volunteer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Volunteer' });
    await expect(dialog.getByText(/they become a volunteer only when they accept it/)).toBeVisible();
    await expect(dialog.getByText(/You can send up to 500 invitations a day/)).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Event' }).click();
    await page.getByRole('option', { name: event.name }).click();
    await dialog.getByLabel('Email').fill(invitee.email);
    await dialog.getByLabel('Allocated goodies').fill('12');
    await shot(page, 'add-volunteer-invitation');
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(toast(page, `Invitation sent to ${invitee.email}`)).toBeVisible();
    await expect(panel.getByText(invitee.fullName)).toHaveCount(0);

    // The invitee signs in and sees the invitation on their dashboard.
    const context = await browser.newContext({ reducedMotion: 'reduce', viewport: page.viewportSize() ?? undefined });
    const inviteePage = await context.newPage();
    await signInAccount(inviteePage, invitee);
    await inviteePage.goto('/dashboard');
    const card = inviteePage.getByRole('region', { name: 'Invitations' });
    await expect(card.getByText(`Volunteer at ${event.name}`, { exact: true })).toBeVisible({ timeout: 30_000 });
    expect(await settledA11yViolations(inviteePage)).toEqual([]);
    await shot(inviteePage, 'dashboard-invitation');

    await card.getByRole('button', { name: `Accept: Volunteer at ${event.name}` }).click();
    await expect(toast(inviteePage, 'Invitation Accepted')).toBeVisible();
    await expect(inviteePage).toHaveURL(/\/volunteer-dashboard$/, { timeout: 30_000 });
    await expect(inviteePage.getByRole('heading', { name: 'Volunteer Dashboard' })).toBeVisible();
    await expect(inviteePage.getByText(event.name).first()).toBeVisible({ timeout: 30_000 });
    expect(await settledA11yViolations(inviteePage)).toEqual([]);
    await shot(inviteePage, 'volunteer-dashboard-after-accepting');

    // The organizer now sees them among the volunteers, with the allocation they were invited with.
    await page.reload();
    await page.getByRole('tab', { name: 'Volunteers' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Volunteers' }).getByRole('listitem').filter({ hasText: invitee.fullName }).getByText('0 / 12 goodies distributed')).toBeVisible();
    await context.close();
  });
});
