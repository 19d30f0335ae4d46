import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import {
  apiAs,
  createEventAs,
  expect,
  settledA11yViolations,
  shotInto,
  test,
  useSessionOf,
} from './fixtures.ts';

const shot = (page: Page, name: string) => shotInto('/tmp/shots-issue6', page, name);

test.describe('sponsors', () => {
  test.describe.configure({ timeout: 120_000 });
  test.use({ contextOptions: { reducedMotion: 'reduce' } });

  test('the owner adds, edits and deletes a sponsor with the spec texts', async ({ page, playwright, baseURL }) => {
    const owner = await apiAs(playwright, baseURL!, 'owner');
    const event = await createEventAs(owner);
    await useSessionOf(page, 'owner');
    await page.goto(`/events/${event.id}/manage-sponsors`);
    await expect(page.getByRole('heading', { name: 'Manage Sponsors' })).toBeVisible();
    await expect(page.getByText('No sponsors yet')).toBeVisible();
    expect(await settledA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Add Sponsor' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Add Sponsor' }).click();
    await expect(dialog.getByText('Company name is required')).toBeVisible();
    const name = `Orbit Labs ${randomUUID().slice(0, 4)}`;
    await dialog.getByLabel('Company name').fill(name);
    await dialog.getByLabel('Website').fill('not a url');
    await dialog.getByRole('button', { name: 'Add Sponsor' }).click();
    await expect(dialog.getByText('Must be a valid URL')).toBeVisible();
    await dialog.getByLabel('Website').fill('https://orbit.example');
    await dialog.getByRole('combobox', { name: 'Tier' }).click();
    await page.getByRole('option', { name: 'Gold' }).click();
    await dialog.getByLabel('Description').fill('Satellites for small teams.');
    await dialog.getByLabel('Contact email').fill('hello@orbit.example');
    await dialog.getByLabel('Booth number').fill('B7');
    expect(await settledA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Add Sponsor' }).click();
    await expect(page.getByText('Sponsor added successfully')).toBeVisible();
    const row = page.getByRole('listitem').filter({ hasText: name });
    await expect(row.getByText('Gold')).toBeVisible();
    await expect(row.getByText('hello@orbit.example')).toBeVisible();
    await shot(page, 'manage-sponsors');

    await row.getByRole('button', { name: `Edit ${name}` }).click();
    await page.getByRole('dialog').getByLabel('Booth number').fill('C3');
    await page.getByRole('dialog').getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Sponsor updated successfully')).toBeVisible();
    await expect(row.getByText('Booth C3')).toBeVisible();

    await row.getByRole('button', { name: `Delete ${name}` }).click();
    await expect(page.getByText('Are you sure you want to delete this sponsor?')).toBeVisible();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Sponsor deleted successfully')).toBeVisible();
    await expect(page.getByText('No sponsors yet')).toBeVisible();
  });

  test('an attendee visits a booth, expresses interest and updates it; the owner sees the lead on the dashboard', async ({
    page,
    browser,
    playwright,
    baseURL,
  }) => {
    const owner = await apiAs(playwright, baseURL!, 'owner');
    const event = await createEventAs(owner);
    expect((await owner.patch(`/api/events/${event.id}`, { data: { registrationOpen: true } })).status()).toBe(200);
    const company = `Nimbus ${randomUUID().slice(0, 4)}`;
    for (const [companyName, tier] of [
      ['Zephyr Tools', 'exhibitor'],
      [company, 'platinum'],
      ['Gable Gold', 'gold'],
    ]) {
      const created = await owner.post(`/api/events/${event.id}/sponsors`, {
        data: { companyName, tier, description: `${companyName} builds cloud things.`, websiteUrl: 'https://nimbus.example', boothNumber: '12' },
      });
      expect(created.status()).toBe(201);
    }

    await useSessionOf(page, 'attendee');
    expect((await page.request.post(`/api/events/${event.id}/registration`, { headers: { origin: baseURL! } })).status()).toBe(200);
    await page.goto(`/events/${event.id}/booths`);
    await expect(page.getByRole('heading', { name: 'Virtual Booths' })).toBeVisible();
    // Tier order: platinum first, exhibitor last.
    const names = page.getByRole('article').getByRole('heading');
    await expect(names).toHaveText([company, 'Gable Gold', 'Zephyr Tools']);
    await page.getByRole('searchbox', { name: 'Search sponsors' }).fill('gold');
    await expect(names).toHaveText(['Gable Gold']);
    await page.getByRole('searchbox', { name: 'Search sponsors' }).fill('');
    expect(await settledA11yViolations(page)).toEqual([]);
    await shot(page, 'booths');

    const visit = page.waitForResponse((response) => response.url().includes('/actions') && response.request().method() === 'POST');
    await page.getByRole('link', { name: `Visit Booth of ${company}` }).click();
    await expect(page.getByRole('heading', { name: company, level: 1 })).toBeVisible();
    expect((await visit).status()).toBe(204);
    // Contact details are for organizers only.
    await expect(page.getByText('Only visible to event organizers')).toHaveCount(0);
    await expect(page.getByText('Express Your Interest')).toBeVisible();
    await expect(page.getByText('your name, company, job title and interests. Your email address is shared only if you ask to be contacted.')).toBeVisible();
    await page.getByRole('radio', { name: 'High' }).check({ force: true });
    await page.getByLabel('Notes').fill('Looking for a storage partner');
    await page.getByRole('button', { name: 'Submit Interest' }).click();
    await expect(page.getByText('Thank you for your interest!')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Update Interest' })).toBeVisible();
    await page.getByRole('checkbox', { name: `I'd like ${company} to contact me` }).click();
    await expect(page.getByText('and your email address so they can contact you.')).toBeVisible();
    await page.getByRole('button', { name: 'Update Interest' }).click();
    await expect(page.getByText('Your information has been shared with the sponsor!')).toBeVisible();
    expect(await settledA11yViolations(page)).toEqual([]);
    await shot(page, 'booth');

    await page.getByRole('link', { name: 'Back to Booths' }).click();
    await expect(page).toHaveURL(new RegExp(`/events/${event.id}/booths$`));

    // The attendee may not open the dashboard: Access Denied, then /dashboard.
    const sponsors = (await (await page.request.get(`/api/events/${event.id}/sponsors`)).json()) as { sponsors: Array<{ id: string; companyName: string }> };
    const sponsorId = sponsors.sponsors.find((sponsor) => sponsor.companyName === company)!.id;
    await page.goto(`/events/${event.id}/sponsors/${sponsorId}/dashboard`);
    await expect(page.getByText('Access Denied')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);

    const ownerContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined, reducedMotion: 'reduce' });
    const ownerPage = await ownerContext.newPage();
    await useSessionOf(ownerPage, 'owner');
    await ownerPage.goto(`/events/${event.id}/sponsors/${sponsorId}/dashboard`);
    await expect(ownerPage.getByRole('heading', { name: company })).toBeVisible();
    const visits = ownerPage.getByRole('listitem').filter({ hasText: 'Booth Visits' });
    await expect(visits).toContainText('1');
    await expect(ownerPage.getByRole('listitem').filter({ hasText: 'Leads' }).last()).toContainText('1');
    const lead = ownerPage.getByRole('listitem').filter({ hasText: 'Looking for a storage partner' });
    await expect(lead).toContainText('High interest');
    await expect(lead).toContainText('Contact requested');
    await expect(lead).toContainText('attendee@example.com');
    await ownerPage.getByRole('tab', { name: /High Interest/ }).click();
    await expect(ownerPage.getByRole('tabpanel').getByText('Looking for a storage partner')).toBeVisible();
    const download = ownerPage.waitForEvent('download');
    await ownerPage.getByRole('link', { name: 'Export CSV' }).click();
    expect((await download).suggestedFilename()).toMatch(/^nimbus-.+-leads\.csv$/);
    expect(await settledA11yViolations(ownerPage)).toEqual([]);
    await shot(ownerPage, 'sponsor-dashboard');

    // The booth as the organizer sees it: contact details with the note.
    await ownerPage.goto(`/events/${event.id}/booths/${sponsorId}`);
    await expect(ownerPage.getByText('Only visible to event organizers')).toBeVisible();
    await ownerContext.close();
  });

  test('a missing sponsor says Sponsor not found, and /booth/:id goes to the booth detail', async ({ page, playwright, baseURL }) => {
    const owner = await apiAs(playwright, baseURL!, 'owner');
    const event = await createEventAs(owner);
    const created = await owner.post(`/api/events/${event.id}/sponsors`, { data: { companyName: 'Redirect Co' } });
    const sponsor = (await created.json()) as { id: string };
    await useSessionOf(page, 'owner');
    await page.goto(`/events/${event.id}/booths/00000000-0000-4000-8000-000000000000`);
    await expect(page.getByText('Sponsor not found')).toBeVisible();
    await page.goto(`/booth/${sponsor.id}`);
    await expect(page).toHaveURL(new RegExp(`/events/${event.id}/booths/${sponsor.id}$`));
    await expect(page.getByRole('heading', { name: 'Redirect Co', level: 1 })).toBeVisible();
  });
});

test.describe('sponsors and networking', () => {
  test.describe.configure({ timeout: 90_000 });
  test.use({ contextOptions: { reducedMotion: 'reduce' } });

  test('shows the sponsors of the viewer’s events and up to 50 profiles with Request Meeting', async ({ page }) => {
    await useSessionOf(page, 'attendee');
    await page.goto('/sponsors-networking');
    await expect(page.getByRole('heading', { name: 'Sponsors and Networking' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Support' })).toHaveAttribute('href', '/support');
    const cards = page.getByRole('tabpanel').getByRole('article').filter({ hasText: 'Demo Summit 2026' });
    await expect(cards.first()).toBeVisible();
    // The demo event has a sponsor of every tier; platinum comes first.
    await expect(cards.first()).toContainText('Platinum');
    await expect(cards.last()).toContainText('Exhibitor');
    expect(await settledA11yViolations(page)).toEqual([]);
    await shot(page, 'sponsors-networking');

    await page.getByRole('tab', { name: 'Networking' }).click();
    const people = page.getByRole('tabpanel').getByRole('article');
    await expect(people.first()).toBeVisible();
    expect(await people.count()).toBeLessThanOrEqual(50);
    await expect(people.first().getByRole('link', { name: /Request Meeting/ })).toHaveAttribute('href', /^\/meetings\?with=[0-9a-f-]{36}$/);
    expect(await settledA11yViolations(page)).toEqual([]);
    await shot(page, 'sponsors-networking-people');

    await page.getByRole('tab', { name: 'Sponsors' }).click();
    await cards.first().getByRole('link', { name: /^Visit Booth of/ }).click();
    await expect(page).toHaveURL(/\/events\/[0-9a-f-]+\/booths\/[0-9a-f-]+$/);
    await expect(page.getByText('Express Your Interest')).toBeVisible();
  });
});
