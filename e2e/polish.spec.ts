import type { Locator, Page } from '@playwright/test';
import { expect, horizontalOverflow, settledA11yViolations, test, useSessionOf } from './fixtures.ts';

// Issue 17, "looks like a real product": the footer's pages, sponsor tiers, the super admin's Users table and the
// demo event's data. Each test runs on the laptop and the phone project.

/** A page's first paint, on a machine that may be busy: lazy chunks, sign-in and the first queries. */
const LOAD = 20_000;

const demoEventId = async (page: Page) => ((await (await page.request.get('/api/public/events/demo-summit')).json()) as { id: string }).id;

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  expect(found, 'element has a box').not.toBeNull();
  return found!;
};
// The e2e project has no DOM types: the page-side functions name the little they use.
type Styled = { ownerDocument: { defaultView: { getComputedStyle(element: unknown): { fontSize: string; borderTopColor: string } } } };
const style = (locator: Locator) => locator.evaluate((element: Styled) => {
  const computed = element.ownerDocument.defaultView.getComputedStyle(element);
  return { fontSize: parseFloat(computed.fontSize), borderTopColor: computed.borderTopColor };
});
const fontSize = async (locator: Locator) => (await style(locator)).fontSize;
const borderColor = async (locator: Locator) => (await style(locator)).borderTopColor;
const naturalWidth = (locator: Locator) => locator.evaluate((image: { naturalWidth: number }) => image.naturalWidth);

test.describe('polish', () => {
  test.describe.configure({ timeout: 90_000 });
  test.use({ contextOptions: { reducedMotion: 'reduce' } });

  test('the footer leads to real Privacy, Terms and About pages, and offers no Blog', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Blog' })).toHaveCount(0);

    await footer.getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible({ timeout: LOAD });
    for (const section of ['1. What we store', '2. Cookies and storage in your browser', '4. Who can see it', '6. Your rights']) {
      await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
    }
    await expect(page.getByText(/counted at most once per visitor, event and day/)).toBeVisible();
    await expect(page).toHaveTitle('Privacy Policy · Mingle');
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await settledA11yViolations(page)).toEqual([]);

    // The terms start with the nine sections of the sign-up dialog, then go on.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible({ timeout: LOAD });
    const sections = page.getByRole('main').getByRole('heading', { level: 2 });
    await expect(sections).toHaveCount(14);
    await expect(sections.first()).toHaveText('1. Acceptance of Terms');
    await expect(sections.nth(5)).toHaveText('6. Sponsor Access');
    await expect(sections.nth(8)).toHaveText('9. Contact');
    expect(await horizontalOverflow(page)).toBe(0);

    await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('heading', { level: 1, name: 'About Mingle' })).toBeVisible({ timeout: LOAD });
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await settledA11yViolations(page)).toEqual([]);

    // The landing page's section links work from these pages too.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/#pricing$/);
    await expect(page.locator('#pricing')).toBeInViewport();
  });

  test('sponsor tiers carry visible weight on Virtual Booths and on Sponsors and Networking', async ({ page }) => {
    await useSessionOf(page, 'attendee');
    const eventId = await demoEventId(page);
    const viewport = page.viewportSize()!;

    const checkTiers = async () => {
      const card = (company: string) => page.getByRole('article').filter({ has: page.getByRole('heading', { name: company, exact: true }) });
      const platinum = card('Woodgrove Bank');
      const gold = card('Contoso Cloud');
      const exhibitor = card('Trey Research');
      await expect(platinum.getByText('Platinum')).toBeVisible();
      // The seeded logos are real images.
      for (const logo of [platinum, exhibitor].map((c) => c.locator('img'))) {
        await expect(logo).toBeVisible();
        await expect.poll(() => naturalWidth(logo)).toBeGreaterThan(0);
      }
      const logoWidth = async (c: Locator) => (await box(c.locator('img'))).width;
      expect(await logoWidth(platinum)).toBeGreaterThan(await logoWidth(gold));
      expect(await logoWidth(gold)).toBeGreaterThan(await logoWidth(exhibitor));
      expect(await fontSize(platinum.getByRole('heading'))).toBeGreaterThan(await fontSize(exhibitor.getByRole('heading')));
      // On a laptop a Platinum card takes the row, a Gold one half, an Exhibitor a third.
      if (viewport.width >= 1024) {
        const cardWidth = async (c: Locator) => (await box(c)).width;
        expect(await cardWidth(platinum)).toBeGreaterThan((await cardWidth(gold)) * 1.8);
        expect(await cardWidth(gold)).toBeGreaterThan((await cardWidth(exhibitor)) * 1.3);
      }
      // Its frame differs from an Exhibitor's.
      expect(await borderColor(platinum)).not.toBe(await borderColor(exhibitor));
      expect(await horizontalOverflow(page)).toBe(0);
    };

    await page.goto(`/events/${eventId}/booths`);
    await expect(page.getByRole('article').first().getByRole('heading')).toHaveText('Woodgrove Bank', { timeout: LOAD });
    await checkTiers();
    expect(await settledA11yViolations(page)).toEqual([]);

    await page.goto('/sponsors-networking');
    await expect(page.getByRole('heading', { name: 'Sponsors and Networking' })).toBeVisible({ timeout: LOAD });
    await checkTiers();
    expect(await settledA11yViolations(page)).toEqual([]);
  });

  test('the super admin’s Users tab is a table searched, sorted and paged by the server', async ({ page }) => {
    await useSessionOf(page, 'admin');
    await page.goto('/super-admin-dashboard');
    const table = page.getByRole('table');
    await expect(table).toBeVisible({ timeout: LOAD });
    await expect(table.getByRole('columnheader')).toHaveText([/Name/, /Email/, 'Roles', /Joined/, 'Actions']);
    const names = table.getByRole('rowheader');
    await expect(names).toHaveCount(25);
    await expect(page.getByText('Showing 1–25')).toBeVisible();
    // A page of 25 rows, not 45 cards: the list stays short on either screen, and only the table scrolls sideways.
    expect((await table.boundingBox())!.height).toBeLessThan(2400);
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await settledA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(/^Showing 26–\d+$/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Previous' })).toBeEnabled();
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page.getByText('Showing 1–25')).toBeVisible();

    // Sorted by name, both ways, by the server (the whole list, not the page in hand).
    const nameHeader = table.getByRole('columnheader', { name: /Name/ });
    await nameHeader.getByRole('button').click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(names.first()).toHaveText('Ada Admin');
    const ascending = await names.allTextContents();
    expect(ascending).toEqual([...ascending].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)));
    await nameHeader.getByRole('button').click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(names.first()).not.toHaveText('Ada Admin');
    const descending = await names.allTextContents();
    expect(descending).toEqual([...descending].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? 1 : -1)));

    // Searched by email or name, whatever page the user is on.
    await page.getByRole('searchbox', { name: 'Search users' }).fill('owner@example');
    await expect(names).toHaveText(['Olivia Owner']);
    await expect(table.getByRole('row', { name: /Olivia Owner/ }).getByText('Event Owner')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    await page.getByRole('searchbox', { name: 'Search users' }).fill('zz-nobody-by-this-name');
    await expect(page.getByText('No users match your search')).toBeVisible();
    expect(await horizontalOverflow(page)).toBe(0);
  });

  test('the demo event reads like a real conference, and its figures agree', async ({ page }) => {
    await useSessionOf(page, 'owner');
    const eventId = await demoEventId(page);

    await page.goto(`/events/${eventId}/agenda`);
    await expect(page.getByText(/Why do people still cross the world to stand in a hall together\?/)).toBeVisible({ timeout: LOAD });
    await expect(page.getByText(/Part of day \d/)).toHaveCount(0);

    // The Booth Visits card counts the same visits as the Sponsors tab adds up.
    await page.goto(`/events/${eventId}/analytics`);
    const card = page.getByTestId('metric-Booth Visits');
    await expect(card).toHaveText(/^\d+$/, { timeout: LOAD });
    await page.getByRole('tab', { name: 'Sponsors' }).click();
    const perSponsor = page.getByRole('table', { name: 'Booth visits and leads per sponsor' });
    const rows = perSponsor.locator('tbody tr');
    await expect(rows.filter({ hasText: 'Woodgrove Bank' })).toHaveCount(1);
    const visits = (await rows.evaluateAll((trs) => trs.map((tr) => Number(tr.querySelectorAll('td')[0]?.textContent)))) as number[];
    const total = visits.reduce((sum, n) => sum + n, 0);
    expect(total).toBeGreaterThan(0);
    expect(Number(await card.textContent())).toBe(total);
  });
});
