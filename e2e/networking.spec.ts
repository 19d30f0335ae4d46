import { apiAs, type DemoRole, expect, seriousA11yViolations, test, useSessionOf } from './fixtures.ts';

const shot = (name: string, project: string) => `/tmp/shots-issue5/${name}-${project}.png`;

test.describe('networking', () => {
  test.describe.configure({ timeout: 90_000 });
  test.use({ contextOptions: { reducedMotion: 'reduce' } });

  test('a visitor goes to sign-in', async ({ page }) => {
    await page.goto('/attendees');
    await expect(page).toHaveURL(/\/auth\?returnTo=%2Fattendees$/);
  });

  test('discover attendees: recommended with reasons, search, empty text, connect with the toast', async ({ page }, testInfo) => {
    await useSessionOf(page, 'attendee');
    await page.goto('/attendees');
    await expect(page.getByRole('heading', { name: 'Discover Attendees' })).toBeVisible();
    const cards = page.getByRole('list', { name: 'Attendees' }).getByRole('article');
    await expect(cards.first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Recommended for you' })).toHaveAttribute('aria-pressed', 'true');
    // The first recommendation says why, in words.
    await expect(cards.first().getByRole('list', { name: 'Why you might connect' })).toBeVisible();
    await expect(cards.first().getByText(/You both (want to|are into):|They want to/).first()).toBeVisible();
    await page.screenshot({ path: shot('attendees', testInfo.project.name), fullPage: false });
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Search: company, case-insensitive.
    await page.getByRole('searchbox', { name: 'Search attendees' }).fill('woodGROVE');
    await expect(async () => {
      const texts = await cards.allInnerTexts();
      expect(texts.length).toBeGreaterThan(0);
      for (const text of texts) expect(text.toLowerCase()).toContain('woodgrove');
    }).toPass();
    await page.getByRole('searchbox', { name: 'Search attendees' }).fill('no-such-person-anywhere');
    await expect(page.getByText('No attendees match your search')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search attendees' }).fill('');

    // Connect with the first person not yet connected (the phone project runs after the laptop one).
    const card = cards.filter({ has: page.getByRole('button', { name: /^Connect with / }) }).first();
    const name = (await card.getByRole('heading').innerText()).trim();
    await card.getByRole('button', { name: `Connect with ${name}` }).click();
    await expect(page.getByText('Connection made!')).toBeVisible();
    await expect(page.getByText(`You've connected with ${name}. +10 points!`)).toBeVisible();
    await expect(cards.filter({ hasText: name }).first().getByText('Connected', { exact: true })).toBeVisible();
  });

  test('QR connect: the card, Connect, then Already connected!; yourself is refused', async ({ page, playwright, baseURL }, testInfo) => {
    await useSessionOf(page, 'attendee');
    // The scanned person shows their connect QR: its link carries the code of the personal QR token they just made
    // (decision 0093). One demo account per project, not yet connected with the attendee.
    const candidates: DemoRole[] = testInfo.project.name === 'phone' ? ['admin', 'volunteer'] : ['staff', 'owner'];
    let link: string | null = null;
    let target: { id: string; fullName: string } | null = null;
    for (const role of candidates) {
      const them = await apiAs(playwright, baseURL!, role);
      const me = (await (await them.get('/api/me')).json()) as { user: { id: string } };
      const made = (await (await them.post('/api/me/qr-token')).json()) as { connectCode: string };
      const candidateLink = `/connect/${me.user.id}?token=${encodeURIComponent(made.connectCode)}`;
      const card = (await (await page.request.get(`/api${candidateLink}`)).json()) as { id: string; fullName: string; connected: boolean };
      if (!card.connected) {
        link = candidateLink;
        target = card;
        break;
      }
    }
    expect(link, 'a demo account not yet connected with the attendee').not.toBeNull();
    // Without the code, the card is not found.
    await page.goto(`/connect/${target!.id}`);
    // The dashboard is a lazy route: the URL changes once its code is loaded, slow on a busy machine.
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
    await expect(page.getByText('Failed to load user profile')).toBeVisible();
    await page.goto(link!);
    await expect(page.getByRole('heading', { name: target!.fullName })).toBeVisible();
    await page.screenshot({ path: shot('connect', testInfo.project.name) });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(page.getByText('Successfully connected!')).toBeVisible();
    await expect(page.getByText('Already connected!')).toBeVisible();

    const me = (await (await page.request.get('/api/me')).json()) as { user: { id: string } };
    await page.goto(`/connect/${me.user.id}`);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('You cannot connect with yourself')).toBeVisible();
  });

  test('the directory setting hides and shows you', async ({ page }) => {
    await useSessionOf(page, 'staff');
    await page.goto('/attendees');
    const toggle = page.getByRole('switch', { name: 'Show me in Discover Attendees' });
    await expect(toggle).toBeChecked();
    await toggle.click();
    await expect(page.getByText('You left the attendee directory')).toBeVisible();
    await expect(toggle).not.toBeChecked();
    await toggle.click();
    await expect(toggle).toBeChecked();
  });
});
