import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { createAccount, expect, settledA11yViolations, signInWithPassword, test, useSessionOf } from './fixtures.ts';

const SHOTS = '/tmp/shots-issue8';
mkdirSync(SHOTS, { recursive: true });

async function shot(page: Page, name: string) {
  const width = page.viewportSize()?.width ?? 0;
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
}

test.describe('volunteer dashboard', () => {
  test.describe.configure({ timeout: 120_000 });
  test.use({ contextOptions: { reducedMotion: 'reduce' } });

  test('the volunteer distributes a goodie with a typed QR token, once', async ({ page, playwright, baseURL }) => {
    // A fresh participant registers for the demo event and makes their personal QR token.
    const participantApi = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
    const participant = await createAccount(participantApi, { fullName: 'Ada Lovelace' });
    expect((await signInWithPassword(participantApi, participant.email, participant.password)).status()).toBe(200);
    const event = (await (await participantApi.get('/api/public/events/demo-summit')).json()) as { id: string; name: string };
    expect((await participantApi.post(`/api/events/${event.id}/registration`)).status()).toBe(200);
    const { token } = (await (await participantApi.post('/api/me/qr-token')).json()) as { token: string };

    await useSessionOf(page, 'volunteer');
    await page.goto('/volunteer-dashboard');
    await expect(page.getByRole('heading', { name: 'Volunteer Dashboard' })).toBeVisible();
    const card = page.getByRole('listitem').filter({ hasText: event.name });
    await expect(card.getByText('Allocated')).toBeVisible();
    const remainingBefore = Number(await card.locator('dd').nth(2).textContent());
    expect(remainingBefore).toBeGreaterThan(0);
    await expect(card.getByRole('progressbar')).toBeVisible();
    expect(await settledA11yViolations(page)).toEqual([]);
    await shot(page, 'volunteer-dashboard');

    await card.getByRole('button', { name: 'Scan Participant QR' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Goodies Remaining')).toBeVisible();
    await dialog.getByRole('button', { name: 'Verify & Distribute Goodie' }).click();
    await expect(dialog.getByText('Please enter a QR code token')).toBeVisible();

    await dialog.getByLabel('QR Code Token').fill('not-a-real-token');
    await dialog.getByRole('button', { name: 'Verify & Distribute Goodie' }).click();
    await expect(page.getByText('Invalid QR code')).toBeVisible();
    expect(await settledA11yViolations(page)).toEqual([]);
    await shot(page, 'volunteer-scan-dialog');

    await dialog.getByLabel('QR Code Token').fill(token);
    await dialog.getByLabel('QR Code Token').press('Enter'); // as a handheld scanner does
    await expect(page.getByText('Goodie distributed!')).toBeVisible();
    await expect(page.getByText(`Ada Lovelace received their event goodie. ${remainingBefore - 1} remaining.`)).toBeVisible();
    await expect(dialog.getByText(`Goodies Remaining: ${remainingBefore - 1}`)).toBeVisible();

    await dialog.getByLabel('QR Code Token').fill(token);
    await dialog.getByRole('button', { name: 'Verify & Distribute Goodie' }).click();
    await expect(page.getByText('Distribution failed')).toBeVisible();
    await expect(page.getByText('This participant has already received a goodie for this event')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(card.locator('dd').nth(2)).toHaveText(String(remainingBefore - 1));
    await participantApi.dispose();
  });

  test('someone with no assignment sees the empty state', async ({ page }) => {
    await useSessionOf(page, 'attendee');
    await page.goto('/volunteer-dashboard');
    await expect(page.getByText('No Volunteer Assignments')).toBeVisible();
    expect(await settledA11yViolations(page)).toEqual([]);
    await shot(page, 'volunteer-empty');
  });
});

test.describe('event manager dashboard', () => {
  test.describe.configure({ timeout: 120_000 });
  test.use({ contextOptions: { reducedMotion: 'reduce' } });

  test('the owner sees stats and tabs, and promotes the volunteer to co-owner', async ({ page }) => {
    await useSessionOf(page, 'owner');
    await page.goto('/event-manager-dashboard');
    await expect(page.getByRole('heading', { name: 'Event Manager Dashboard' })).toBeVisible();
    for (const label of ['Total Users', 'Total Attendees', 'Goodies Distributed']) await expect(page.getByText(label, { exact: true })).toBeVisible();
    await expect(page.getByText('Demo Summit 2026')).toBeVisible();
    await expect(page.getByRole('link', { name: '/event/demo-summit' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Manage Dropdowns' }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Configure Landing' }).first()).toBeVisible();
    expect(await settledA11yViolations(page)).toEqual([]);
    await shot(page, 'manager-dashboard');

    await page.getByRole('tab', { name: 'Attendees' }).click();
    await expect(page.getByText(/Received from|No goodies distributed yet/).first()).toBeVisible();
    await page.getByRole('tab', { name: 'All Users' }).click();
    await expect(page.getByRole('tabpanel').getByRole('listitem').first()).toBeVisible();

    await page.getByRole('tab', { name: 'Volunteers' }).click();
    const row = page.getByRole('listitem').filter({ hasText: 'Demo Summit 2026' }).filter({ hasText: 'goodies distributed' }).first();
    await expect(row).toBeVisible();
    const promote = row.getByRole('button', { name: 'Promote to Co-Owner' });
    if (await promote.isVisible()) {
      const name = (await row.locator('p').first().textContent())!.trim();
      await promote.click();
      const dialog = page.getByRole('alertdialog');
      await expect(dialog.getByText('Promote to Event Co-Owner?')).toBeVisible();
      await expect(dialog.getByText('Transfer goodies between volunteers')).toBeVisible();
      await expect(dialog.getByText('A co-owner cannot delete the event (only the Event Owner can).')).toBeVisible();
      expect(await settledA11yViolations(page)).toEqual([]);
      await shot(page, 'manager-promote-dialog');
      await dialog.getByRole('button', { name: 'Promote to Co-Owner' }).click();
      await expect(page.getByText(`${name} promoted to Event Co-Owner`)).toBeVisible();
    }
    await expect(row.getByText('Co-Owner', { exact: true })).toBeVisible();
    await shot(page, 'manager-volunteers');
  });

  test('an attendee is turned away', async ({ page }) => {
    await useSessionOf(page, 'attendee');
    await page.goto('/event-manager-dashboard');
    await expect(page.getByText('Access Denied')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('super admin dashboard', () => {
  test.describe.configure({ timeout: 120_000 });
  test.use({ contextOptions: { reducedMotion: 'reduce' } });

  test('the super admin sees the six cards and changes a user’s roles', async ({ page, playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
    const account = await createAccount(request, { fullName: `Rosalind Franklin ${Date.now() % 100000}` });
    await request.dispose();

    await useSessionOf(page, 'admin');
    await page.goto('/super-admin-dashboard');
    await expect(page.getByRole('heading', { name: 'Super Admin Dashboard' })).toBeVisible();
    for (const label of ['Total Users', 'Total Events', 'Total Volunteers', 'Goodies Distributed', 'Open Tickets', 'Platform Health']) {
      await expect(page.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(page.getByText('Good', { exact: true })).toBeVisible();
    await expect(page.getByText('Global Configuration')).toBeVisible();
    expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    expect(await settledA11yViolations(page)).toEqual([]);
    await shot(page, 'super-admin-dashboard');

    await page.getByRole('button', { name: `Change roles of ${account.fullName}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Event Owner').check();
    expect(await settledA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save Roles' }).click();
    await expect(page.getByText('Roles updated')).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: account.fullName }).getByText('Event Owner')).toBeVisible();

    await page.getByRole('tab', { name: 'Events' }).click();
    await expect(page.getByRole('link', { name: 'Configure Demo Summit 2026' })).toBeVisible();
    await page.getByRole('tab', { name: 'Support Tickets' }).click();
    await expect(page.getByRole('tabpanel')).toBeVisible();
  });

  test('an event owner is turned away', async ({ page }) => {
    await useSessionOf(page, 'owner');
    await page.goto('/super-admin-dashboard');
    await expect(page.getByText('Access Denied')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('support center and contact', () => {
  test.describe.configure({ timeout: 120_000 });
  test.use({ contextOptions: { reducedMotion: 'reduce' } });

  test('an attendee files an incident and the super admin starts, resolves and closes it', async ({ page, browser }) => {
    const subject = `Cannot open agenda ${Date.now() % 100000}`;
    await useSessionOf(page, 'attendee');
    await page.goto('/support');
    await expect(page.getByRole('heading', { name: 'Support Center' })).toBeVisible();
    await expect(page.getByRole('listitem')).toHaveCount(8);
    await page.getByText('How do I register for an event?').click();
    await expect(page.getByText(/invitation-based/)).toBeVisible();
    expect(await settledA11yViolations(page)).toEqual([]);
    await shot(page, 'support-faq');

    await page.getByRole('tab', { name: 'Submit Ticket' }).click();
    await page.getByRole('radio', { name: /Incident/ }).click();
    await page.getByLabel('Subject').fill('ab');
    await page.getByRole('button', { name: 'Submit Ticket' }).click();
    await expect(page.getByText('Please fix the validation errors')).toBeVisible();
    await expect(page.getByText('Subject must be at least 3 characters')).toBeVisible();
    await expect(page.getByText('Description must be at least 10 characters')).toBeVisible();
    expect(await settledA11yViolations(page)).toEqual([]);
    await shot(page, 'support-ticket-form');
    await page.getByLabel('Subject').fill(subject);
    await page.getByLabel('Description').fill('The agenda page stays blank on my phone.');
    await page.getByRole('button', { name: 'Submit Ticket' }).click();
    await expect(page.getByText('Support ticket created successfully')).toBeVisible();

    const adminContext = await browser.newContext({ viewport: page.viewportSize()!, reducedMotion: 'reduce' });
    const admin = await adminContext.newPage();
    await useSessionOf(admin, 'admin');
    await admin.goto('/super-admin-dashboard');
    await admin.getByRole('tab', { name: 'Support Tickets' }).click();
    const ticket = admin.getByRole('listitem').filter({ hasText: subject });
    await expect(ticket.getByText('Open', { exact: true })).toBeVisible();
    await ticket.getByRole('button', { name: `Start ${subject}` }).click();
    await expect(admin.getByText('Ticket status updated').first()).toBeVisible();
    await expect(ticket.getByText('In Progress')).toBeVisible();
    await expect(ticket.getByRole('button', { name: `Start ${subject}` })).toBeDisabled();
    await ticket.getByRole('button', { name: `Resolve ${subject}` }).click();
    await expect(ticket.getByText('Resolved', { exact: true })).toBeVisible();
    await expect(ticket.getByRole('button', { name: `Resolve ${subject}` })).toBeDisabled();
    expect(await settledA11yViolations(admin)).toEqual([]);
    await shot(admin, 'super-admin-tickets');
    await ticket.getByRole('button', { name: `Close ${subject}` }).click();
    await expect(ticket.getByText('Closed', { exact: true })).toBeVisible();
    await expect(ticket.getByRole('button', { name: `Close ${subject}` })).toBeDisabled();
    await adminContext.close();
  });

  test('a visitor is sent to sign in for a ticket, and uses the contact form', async ({ page }) => {
    await page.goto('/support');
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await page.getByRole('tab', { name: 'Submit Ticket' }).click();
    await expect(page.getByText('Please sign in to submit a support ticket')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);

    await page.goto('/contact');
    await expect(page.getByRole('heading', { name: 'Contact Us' })).toBeVisible();
    await expect(page.getByText('We respond within 24-48 hours on business days.')).toBeVisible();
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Message must be at least 10 characters')).toBeVisible();
    expect(await settledA11yViolations(page)).toEqual([]);
    await page.getByLabel('Full Name').fill('Grace Hopper');
    await page.getByLabel('Email').fill(`grace-${Date.now()}@acme-e2e.com`);
    await page.getByLabel('Message').fill('We would like to run our summit on Mingle.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText("Message sent successfully! We'll get back to you soon.")).toBeVisible();
    await shot(page, 'contact');
  });
});
