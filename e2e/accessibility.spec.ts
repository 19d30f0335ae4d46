import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS, apiAs, createEventAs, expect, seriousA11yViolations, test, useSessionOf, waitForSignInSlot, type DemoRole } from './fixtures.ts';

// Issue 23: every page usable with the keyboard alone and announced properly by a screen reader (decision 0188).
// The keyboard tests never click: they Tab to a control and press Enter, Space or Escape, as a keyboard user does.

/** Presses Tab until `target` has focus; fails if it is not reached within `limit` presses. */
async function tabTo(page: Page, target: Locator, limit = 40, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  for (let press = 0; press < limit; press++) {
    if (await target.evaluate((element) => element === element.ownerDocument.activeElement).catch(() => false)) return;
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
}

test.describe('accessibility', () => {
  test.describe.configure({ timeout: 120_000 });
  test.use({ contextOptions: { reducedMotion: 'reduce' } });

  test('with the keyboard alone: sign in, skip to the content, reach My Schedule through the header', async ({ page }, testInfo) => {
    await page.goto('/auth');
    await tabTo(page, page.getByRole('textbox', { name: 'Email', exact: true }));
    await page.keyboard.type(DEMO_USERS.attendee);
    await tabTo(page, page.getByPlaceholder('Your password'), 3);
    await page.keyboard.type(DEMO_PASSWORD);
    await waitForSignInSlot();
    await page.keyboard.press('Enter');
    // A password sign-in on /auth first explains the roles (spec 01); its button is reached and pressed by keyboard too.
    const onward = page.getByRole('button', { name: 'Continue to Dashboard' });
    const dashboard = page.getByRole('heading', { level: 1, name: 'Dashboard' });
    await expect(onward.or(dashboard)).toBeVisible({ timeout: 20_000 });
    if (await onward.isVisible()) {
      await tabTo(page, onward, 10);
      await page.keyboard.press('Enter');
    }
    await expect(page).toHaveURL(/\/dashboard/);
    await expect(dashboard).toBeVisible({ timeout: 20_000 });

    // The skip link is the first stop of Tab, visible once focused, and puts focus into main.
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({ timeout: 20_000 });
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    // The next Tab lands on the page's first control, past the header.
    await page.keyboard.press('Tab');
    expect(await page.evaluate<boolean>("Boolean(document.activeElement?.closest('main'))")).toBe(true);

    // My Schedule through the header: the nav on a laptop, the Menu on a phone.
    if (testInfo.project.name === 'laptop') {
      await tabTo(page, page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'My Schedule' }));
      await page.keyboard.press('Enter');
    } else {
      // Back from the content to the header's last control, as a keyboard user would, rather than through every card.
      await tabTo(page, page.getByRole('button', { name: /Menu/ }), 40, 'Shift+Tab');
      await page.keyboard.press('Enter');
      const item = page.getByRole('menuitem', { name: 'My Schedule' });
      await expect(item).toBeFocused();
      await page.keyboard.press('Enter');
    }
    await expect(page).toHaveURL(/\/my-schedule/);
    // The new page is announced: focus is on its heading and the live region reads its title.
    const heading = page.getByRole('heading', { level: 1, name: 'My Schedule' });
    await expect(heading).toBeFocused();
    await expect(page.getByTestId('route-announcer')).toHaveText(/My Schedule/);
  });

  test('a dialog opened with the keyboard closes with Escape and gives focus back to its opener', async ({ page }) => {
    await useSessionOf(page, 'attendee');
    await page.goto('/dashboard');
    const opener = page.getByRole('button', { name: 'Support Ticket' });
    await tabTo(page, opener);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Create Support Ticket' });
    await expect(dialog).toBeVisible({ timeout: 20_000 });
    // Focus is trapped inside: Tab never leaves the dialog.
    for (let press = 0; press < 12; press++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate<boolean>("Boolean(document.activeElement?.closest('[role=dialog]'))")).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  // The main page of each area, as each role meets it: one main (the skip link's target), one skip link, a banner on
  // the pages with a header, and every shown nav named, no two alike.
  const AREAS: Partial<Record<'visitor' | DemoRole, (event: { id: string; slug: string }) => string[]>> = {
    visitor: (event) => ['/', '/about', '/privacy', '/terms', '/auth', `/event/${event.slug}`, '/support', '/contact'],
    attendee: () => ['/dashboard', '/my-schedule', '/meetings', '/messages', '/profile', '/attendees', '/notifications', '/support'],
    owner: (event) => [
      '/event-manager-dashboard',
      `/events/${event.id}/agenda`,
      `/events/${event.id}/manage-sessions`,
      `/events/${event.id}/registrations`,
      `/events/${event.id}/check-in`,
      `/events/${event.id}/feed`,
      `/events/${event.id}/booths`,
      `/events/${event.id}/analytics`,
      '/event-invitations',
      '/sponsors-networking',
    ],
    volunteer: () => ['/volunteer-dashboard'],
    admin: () => ['/super-admin-dashboard'],
  };
  for (const [role, pages] of Object.entries(AREAS) as Array<[keyof typeof AREAS, NonNullable<(typeof AREAS)[keyof typeof AREAS]>]>) {
    test(`as ${role}: each area's main page has one main, one skip link, one banner and navs with distinct names`, async ({ page, playwright, baseURL }) => {
      const owner = await apiAs(playwright, baseURL!, 'owner');
      const event = await createEventAs(owner);
      await owner.dispose();
      const paths = pages(event);
      // Each page loads its area's code on a machine shared with other test runs.
      test.setTimeout(60_000 + 20_000 * paths.length);
      if (role !== 'visitor') await useSessionOf(page, role);
      for (const path of paths) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible({ timeout: 20_000 });
        await expect(page.getByRole('main'), path).toHaveCount(1);
        await expect(page.getByRole('link', { name: 'Skip to main content' }), path).toHaveCount(1);
        // The sign-in page alone has no header: its brand panel and card are all there is.
        await expect(page.getByRole('banner'), path).toHaveCount(path === '/auth' ? 0 : 1);
        const names = await page.getByRole('navigation').evaluateAll((navs) =>
          navs
            .filter((nav) => nav.getClientRects().length > 0)
            .map((nav) => nav.getAttribute('aria-label') ?? nav.ownerDocument.getElementById(nav.getAttribute('aria-labelledby') ?? '')?.textContent ?? ''),
        );
        for (const name of names) expect(name, `${path}: a nav without a name`).not.toBe('');
        expect(new Set(names).size, `${path}: two navs with one name`).toBe(names.length);
      }
    });
  }

  test('the phone menu of the public site is a nav named apart from the laptop one', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'the menu button is on small screens only');
    await page.goto('/');
    await tabTo(page, page.getByRole('button', { name: 'Open menu' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('navigation', { name: 'Sections menu' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Sections', exact: true })).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('navigation', { name: 'Sections menu' })).toHaveCount(0);
  });

  test('with the keyboard alone: a session is bookmarked on the agenda, and the change is announced', async ({ page, playwright, baseURL }) => {
    const owner = await apiAs(playwright, baseURL!, 'owner');
    const attendee = await apiAs(playwright, baseURL!, 'attendee');
    const event = await createEventAs(owner);
    await owner.patch(`/api/events/${event.id}`, { data: { registrationOpen: true } });
    const start = Date.now() + 7 * 24 * 3_600_000 + 3_600_000;
    const created = await owner.post(`/api/events/${event.id}/sessions`, {
      data: { title: `Keys talk ${randomUUID().slice(0, 4)}`, sessionType: 'topic', startTime: new Date(start).toISOString(), endTime: new Date(start + 3_600_000).toISOString(), timezone: 'UTC' },
    });
    expect(created.status()).toBe(201);
    const session = (await created.json()) as { id: string; title: string };
    expect((await attendee.post(`/api/events/${event.id}/registration`)).status()).toBe(200);
    const bookmarkedOnServer = async () => {
      const schedule = (await (await attendee.get('/api/schedule')).json()) as { items: Array<{ session: { id: string } }> };
      return schedule.items.some((item) => item.session.id === session.id);
    };

    await useSessionOf(page, 'attendee');
    await page.goto(`/events/${event.id}/agenda`);
    await expect(page.getByRole('heading', { name: session.title })).toBeVisible({ timeout: 20_000 });
    const button = page.getByRole('button', { name: `Bookmark ${session.title}` });
    await tabTo(page, button, 60);
    await expect(button).toHaveAttribute('aria-pressed', 'false');
    await page.keyboard.press('Enter');
    // The same button, now pressed, keeps focus; its new state is read out, and a toast says it in a live region.
    const pressed = page.getByRole('button', { name: `Bookmarked ${session.title}` });
    await expect(pressed).toHaveAttribute('aria-pressed', 'true');
    await expect(pressed).toBeFocused();
    const shown = page.locator('[data-sonner-toast]').filter({ hasText: 'Session added to your schedule' });
    await expect(shown).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('[aria-live="polite"]').filter({ has: shown })).toHaveCount(1);
    await expect.poll(bookmarkedOnServer).toBe(true);

    // Space takes it back.
    await page.keyboard.press('Space');
    await expect(page.getByRole('button', { name: `Bookmark ${session.title}` })).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByRole('button', { name: `Bookmark ${session.title}` })).toBeFocused();
    await expect.poll(bookmarkedOnServer).toBe(false);
    await owner.dispose();
    await attendee.dispose();
  });

  test('a toast is read out from a live region', async ({ page }) => {
    await useSessionOf(page, 'attendee');
    await page.goto('/support');
    await expect(page.getByRole('heading', { level: 1, name: 'Support Center' })).toBeVisible({ timeout: 20_000 });
    // Sending the contact form raises a toast: sent, or refused when this address has sent too many.
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible({ timeout: 20_000 });
    await page.getByLabel('Full Name').fill('Ada Keyboard');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(`ada-${randomUUID().slice(0, 6)}@example.com`);
    await page.getByLabel('Message').fill('Toasts are read out to people who cannot see them.');
    await tabTo(page, page.getByRole('button', { name: 'Send Message' }));
    await page.keyboard.press('Enter');
    const shown = page.locator('[data-sonner-toast]').first();
    await expect(shown).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('[aria-live="polite"]').filter({ has: shown })).toHaveCount(1);
  });

  test('a message from another person arrives inside the open conversation\'s log', async ({ page, playwright, baseURL }) => {
    const tag = randomUUID().slice(0, 6);
    await useSessionOf(page, 'attendee');
    const staff = await apiAs(playwright, baseURL!, 'staff');
    const staffUser = (await (await staff.get('/api/me')).json()) as { user: { id: string; name: string } };
    const attendee = (await (await page.request.get('/api/me')).json()) as { user: { id: string } };
    await page.goto(`/messages?with=${staffUser.user.id}`);
    const log = page.getByRole('log', { name: `Messages with ${staffUser.user.name}` });
    await expect(log).toBeVisible({ timeout: 20_000 });
    const sent = await staff.post('/api/messages', { data: { recipientId: attendee.user.id, content: `Live ${tag}` } });
    expect(sent.ok()).toBe(true);
    await expect(log.getByText(`Live ${tag}`)).toBeVisible({ timeout: 20_000 });
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
