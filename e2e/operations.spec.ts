import { randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import {
  createAccount,
  expect,
  settledA11yViolations,
  shotInto,
  signInWithPassword,
  startInEnglish,
  test,
  toast,
  useSessionOf,
} from './fixtures.ts';

const shot = (page: Page, name: string) => shotInto('/tmp/shots-issue8', page, name);

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
    await expect(dialog.getByText('Please enter or scan a QR token')).toBeVisible();

    await dialog.getByLabel('QR Code Token').fill('not-a-real-token');
    await dialog.getByRole('button', { name: 'Verify & Distribute Goodie' }).click();
    await expect(page.getByText('Invalid QR code')).toBeVisible();
    expect(await settledA11yViolations(page)).toEqual([]);
    await shot(page, 'volunteer-scan-dialog');

    // Goodies go to checked-in participants (spec 02): first the door, then the goodie.
    await dialog.getByLabel('QR Code Token').fill(token);
    await dialog.getByRole('button', { name: 'Verify & Distribute Goodie' }).click();
    await expect(toast(page, 'Distribution failed')).toContainText('This participant has not checked in at the door yet');
    const checkIn = await page.request.post(`/api/events/${event.id}/check-ins`, { data: { token, clientCheckInId: randomUUID() }, headers: { origin: baseURL! } });
    expect(((await checkIn.json()) as { outcome: string }).outcome).toBe('checked_in');

    await dialog.getByLabel('QR Code Token').fill(token);
    await dialog.getByLabel('QR Code Token').press('Enter'); // as a handheld scanner does
    await expect(page.getByText('Goodie distributed!')).toBeVisible();
    await expect(page.getByText(`Ada Lovelace received their event goodie. ${remainingBefore - 1} remaining.`)).toBeVisible();
    await expect(dialog.getByText(`Goodies Remaining: ${remainingBefore - 1}`)).toBeVisible();

    await dialog.getByLabel('QR Code Token').fill(token);
    await dialog.getByRole('button', { name: 'Verify & Distribute Goodie' }).click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'This participant has already received a goodie for this event' })).toContainText('Distribution failed');
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

// The camera path without BarcodeDetector (Debian's Chromium has none): Chromium's fake camera plays a video of the
// participant's QR code, which the jsQR fallback must read. The video file is written once the token exists; the
// fake camera opens it only when the page asks for the camera.
const FAKE_CAMERA = `/tmp/pw-qr-camera-${process.pid}.y4m`;

/** A few seconds of 640x480 video (YUV4MPEG2, 4:2:0) showing `text` as a QR code, dark on light. */
async function writeQrVideo(text: string) {
  const QRCode = (await import('qrcode')).default;
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const [width, height, scale, margin] = [640, 480, 6, 4];
  const luma = Buffer.alloc(width * height, 200);
  const side = (modules.size + 2 * margin) * scale;
  const [left, top] = [(width - side) >> 1, (height - side) >> 1];
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const [row, col] = [Math.floor(y / scale) - margin, Math.floor(x / scale) - margin];
      const dark = row >= 0 && col >= 0 && row < modules.size && col < modules.size && modules.get(row, col);
      luma[(top + y) * width + left + x] = dark ? 20 : 235;
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  writeFileSync(FAKE_CAMERA, Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), ...Array(20).fill(frame)]));
}

test.describe('volunteer camera scan', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the camera reads the participant’s QR code with the JavaScript decoder', async ({ playwright, baseURL }, testInfo) => {
    const participantApi = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
    const participant = await createAccount(participantApi, { fullName: 'Katherine Johnson' });
    expect((await signInWithPassword(participantApi, participant.email, participant.password)).status()).toBe(200);
    const event = (await (await participantApi.get('/api/public/events/demo-summit')).json()) as { id: string; name: string };
    expect((await participantApi.post(`/api/events/${event.id}/registration`)).status()).toBe(200);
    const { token } = (await (await participantApi.post('/api/me/qr-token')).json()) as { token: string };
    await participantApi.dispose();
    await writeQrVideo(token);

    // A browser of its own: the fake camera is a launch option.
    const browser = await playwright.chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${FAKE_CAMERA}`],
    });
    const context = await browser.newContext({ ...testInfo.project.use, baseURL, permissions: ['camera'], reducedMotion: 'reduce' });
    await startInEnglish(context);
    const page = await context.newPage();
    await useSessionOf(page, 'volunteer');
    // Let in at the door first: goodies go to checked-in participants.
    const door = await page.request.post(`/api/events/${event.id}/check-ins`, { data: { token, clientCheckInId: randomUUID() }, headers: { origin: baseURL! } });
    expect(((await door.json()) as { outcome: string }).outcome).toBe('checked_in');
    await page.goto('/volunteer-dashboard');
    expect(await page.evaluate('typeof BarcodeDetector')).toBe('undefined');
    const card = page.getByRole('listitem').filter({ hasText: event.name });
    await card.getByRole('button', { name: 'Scan Participant QR' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Scan with camera' }).click();
    await expect(page.getByText('Goodie distributed!')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(/^Katherine Johnson received their event goodie\. \d+ remaining\.$/)).toBeVisible();
    await browser.close();
    rmSync(FAKE_CAMERA, { force: true });
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
      // Promotion is an invitation the volunteer accepts (issue 16, decision 0076).
      await expect(page.getByText(`Invitation sent: ${name} will be promoted to Event Co-Owner once they accept`)).toBeVisible();
    } else {
      await expect(row.getByText('Co-Owner', { exact: true })).toBeVisible();
    }
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
    await expect(page.getByRole('heading', { name: 'Job Queue' })).toBeVisible();
    for (const label of ['Waiting', 'Running', 'Failed (24 h)', 'Dead-lettered', 'Emails failed (24 h)']) {
      await expect(page.getByText(label, { exact: true })).toBeVisible();
    }
    expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    expect(await settledA11yViolations(page)).toEqual([]);
    await shot(page, 'super-admin-dashboard');

    await page.getByRole('button', { name: `Change roles of ${account.fullName}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Event Owner').check();
    expect(await settledA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save Roles' }).click();
    await expect(page.getByText('Roles updated')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: account.fullName }).getByText('Event Owner')).toBeVisible();

    // Newest first: the other specs' events come before the demo's, which a page or two further down lists.
    await page.getByRole('tab', { name: 'Events' }).click();
    const demo = page.getByRole('link', { name: 'Configure Demo Summit 2026' });
    const events = page.getByRole('tabpanel').getByRole('listitem');
    await expect(events.first()).toBeVisible();
    while ((await demo.count()) === 0 && (await page.getByRole('button', { name: 'Load more' }).isVisible())) {
      const shown = await events.count();
      await page.getByRole('button', { name: 'Load more' }).click();
      await expect.poll(() => events.count()).toBeGreaterThan(shown);
    }
    await expect(demo).toBeVisible();
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

  test('a signed-in user files a bug from the dashboard ticket form with its four types', async ({ page }) => {
    const subject = `Agenda times look wrong ${Date.now() % 100000}`;
    await useSessionOf(page, 'attendee');
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Support Ticket' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Support Ticket' });
    await expect(dialog.getByLabel('Email')).not.toHaveValue('');
    await expect(dialog.getByLabel('Full Name')).not.toHaveValue('');
    await dialog.getByRole('combobox', { name: 'Ticket Type' }).click();
    await expect(page.getByRole('option')).toHaveText(['Support', 'Bug', 'Feedback to Developers', 'Feature Request']);
    await page.getByRole('option', { name: 'Bug' }).click();
    await expect(dialog.getByRole('combobox', { name: 'Ticket Type' })).toHaveText('Bug');

    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByLabel('Full Name').fill('A');
    await dialog.getByLabel('Subject').fill('ab');
    await dialog.getByLabel('Description').fill('too short');
    await dialog.getByRole('button', { name: 'Submit Ticket' }).click();
    await expect(page.getByText('Please fix the validation errors')).toBeVisible();
    for (const message of ['Invalid email address', 'Name must be at least 2 characters', 'Subject must be at least 3 characters', 'Description must be at least 10 characters']) {
      await expect(dialog.getByText(message)).toBeVisible();
    }
    expect(await settledA11yViolations(page)).toEqual([]);
    await shot(page, 'dashboard-ticket-form');

    await dialog.getByLabel('Email').fill('attendee-ticket@acme-e2e.com');
    await dialog.getByLabel('Full Name').fill('Alan Turing');
    await dialog.getByLabel('Subject').fill(subject);
    await dialog.getByLabel('Description').fill('Sessions show an hour later than the printed programme.');
    await dialog.getByRole('button', { name: 'Submit Ticket' }).click();
    await expect(page.getByText('Support ticket created successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    // The ticket is stored with the chosen type, open, as the super admin sees it.
    await useSessionOf(page, 'admin');
    const tickets = (await (await page.request.get('/api/admin/tickets')).json()) as { items: Array<{ subject: string; ticketType: string; status: string; userFullName: string }> };
    expect(tickets.items.find((t) => t.subject === subject)).toMatchObject({ ticketType: 'bug', status: 'open', userFullName: 'Alan Turing' });
  });

  test('a visitor is sent to sign in for a ticket, and uses the contact form', async ({ page, browser }) => {
    await page.goto('/support');
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await page.getByRole('tab', { name: 'Submit Ticket' }).click();
    await expect(page.getByText('Please sign in to submit a support ticket')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\?returnTo=%2Fsupport$/);

    await page.goto('/contact');
    await expect(page.getByRole('heading', { name: 'Contact Us' })).toBeVisible();
    await expect(page.getByText('We respond within 24-48 hours on business days.')).toBeVisible();
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Message must be at least 10 characters')).toBeVisible();
    expect(await settledA11yViolations(page)).toEqual([]);
    const email = `grace-${Date.now()}@acme-e2e.com`;
    await page.getByLabel('Full Name').fill('Grace Hopper');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Message').fill('We would like to run our summit on Mingle.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText("Message sent successfully! We'll get back to you soon.")).toBeVisible();
    await shot(page, 'contact');

    // The super admin reads it on the dashboard's Contact tab.
    const adminContext = await browser.newContext({ viewport: page.viewportSize()!, reducedMotion: 'reduce' });
    const admin = await adminContext.newPage();
    await useSessionOf(admin, 'admin');
    await admin.goto('/super-admin-dashboard');
    await admin.getByRole('tab', { name: 'Contact' }).click();
    const submissions = admin.getByRole('list', { name: 'Contact submissions' });
    const submission = submissions.getByRole('listitem').filter({ hasText: email });
    await expect(submission).toContainText('Grace Hopper');
    await expect(submission.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
    await expect(submission).toContainText('We would like to run our summit on Mingle.');
    await expect(submission.getByText('New', { exact: true })).toBeVisible();
    expect(await admin.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    expect(await settledA11yViolations(admin)).toEqual([]);
    await shot(admin, 'super-admin-contact');
    await adminContext.close();
  });
});
