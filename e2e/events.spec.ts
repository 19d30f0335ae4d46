import { randomUUID } from 'node:crypto';
import { apiAs, createEventAs, dashboardCard, expect, seriousA11yViolations, test, useSessionOf } from './fixtures.ts';

test.describe('events', () => {
  // The first sign-in of a run may wait for a slot of the server's sign-in budget (fixtures.ts).
  test.describe.configure({ timeout: 90_000 });
  // Accessibility checks read colours: without motion no toast or dialog is caught half faded in.
  test.use({ contextOptions: { reducedMotion: 'reduce' } });
  test('the dashboard sends a visitor to sign-in', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/auth\?returnTo=%2Fdashboard$/);
  });

  test('the dashboard shows All Events, My Events and Discover Attendees with the buttons the user may use', async ({ page }) => {
    await useSessionOf(page, 'attendee');
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
    await expect(page.getByText('Manage your events and connections')).toBeVisible();
    const card = page.getByRole('article').filter({ hasText: 'Demo Summit 2026' });
    await expect(card.getByRole('link', { name: 'Agenda' })).toBeVisible();
    await expect(card.getByRole('link', { name: 'Feed' })).toBeVisible();
    await expect(card.getByRole('link', { name: 'Booths' })).toBeVisible();
    // An attendee does not manage the event: the organizer's buttons are not shown.
    await expect(card.getByRole('link', { name: 'Sessions' })).toHaveCount(0);
    await expect(card.getByRole('link', { name: 'Analytics' })).toHaveCount(0);
    await expect(card.getByText('hybrid')).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('tab', { name: 'My Events' }).click();
    const mine = page.getByRole('listitem').filter({ hasText: 'Demo Summit 2026' });
    await expect(mine.getByRole('link', { name: 'View Agenda' })).toBeVisible();

    await page.getByRole('tab', { name: 'Discover Attendees' }).click();
    await expect(page.getByRole('link', { name: 'Browse Attendees' })).toHaveAttribute('href', '/attendees');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test('the owner sees the organizer buttons on their event', async ({ page }) => {
    await useSessionOf(page, 'owner');
    await page.goto('/dashboard');
    const card = await dashboardCard(page, 'Demo Summit 2026');
    for (const name of ['Agenda', 'Booths', 'Feed', 'Sessions', 'Sponsors', 'Analytics']) {
      await expect(card.getByRole('link', { name, exact: true })).toBeVisible();
    }
  });

  test('create an event: rules with the spec messages, then the dashboard with the toast', async ({ page, playwright, baseURL }) => {
    await useSessionOf(page, 'owner');
    const name = `Launch Night ${randomUUID().slice(0, 6)}`;
    // A page of the owner's events (24) starts before the new one (2030): the list by start date would show it later.
    const owner = await apiAs(playwright, baseURL!, 'owner');
    for (let day = 1; day <= 24; day += 1) {
      const start = Date.UTC(2029, 0, day, 9);
      await createEventAs(owner, { startDate: new Date(start).toISOString(), endDate: new Date(start + 3_600_000).toISOString() });
    }
    await owner.dispose();
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Create Event' }).first().click();
    await expect(page).toHaveURL(/\/events\/create$/);
    await expect(page.getByRole('heading', { name: 'Create Event' })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Create Event' }).click();
    await expect(page.getByText('Event name must be at least 3 characters')).toBeVisible();
    await expect(page.getByText('Start date is required')).toBeVisible();

    await page.getByLabel('Event name').fill(name);
    await page.getByLabel('Description').fill('An evening of demos.');
    await page.getByLabel('Start date').fill('2030-05-10T18:00');
    await page.getByLabel('End date').fill('2030-05-10T17:00');
    await page.getByRole('button', { name: 'Create Event' }).click();
    await expect(page.getByText('End date must be after start date')).toBeVisible();
    await page.getByLabel('End date').fill('2030-09-10T17:00');
    await page.getByRole('button', { name: 'Create Event' }).click();
    await expect(page.getByText('Event duration cannot exceed 90 days')).toBeVisible();

    await page.getByLabel('End date').fill('2030-05-10T22:00');
    await page.getByLabel('Location').fill('Rooftop Bar');
    await page.getByRole('combobox', { name: 'Event type' }).click();
    await page.getByRole('option', { name: 'Virtual' }).click();
    await page.getByRole('switch', { name: 'Allow attendee networking' }).click();
    await page.getByRole('button', { name: 'Create Event' }).click();

    await expect(page.getByText('Event created successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    // First and marked, without loading more, though its start date puts it pages away.
    const card = page.getByRole('article').first();
    await expect(card.getByRole('heading', { name, exact: true })).toBeVisible();
    await expect(card).toHaveAttribute('data-just-created', 'true');
    await expect(card.getByText('virtual')).toBeVisible();
    await expect(card.getByText('Owner')).toBeVisible();
    // Once the pages loaded reach it, it is shown once, in its place.
    const more = page.getByRole('button', { name: 'Load more events' });
    await expect(async () => {
      if (!(await more.isVisible())) return;
      if (await more.isEnabled()) await more.click();
      throw new Error('more events to load');
    }).toPass({ timeout: 60_000, intervals: [250, 500, 1000] });
    await expect(page.getByRole('article').filter({ has: page.getByRole('heading', { name, exact: true }) })).toHaveCount(1);
    await expect(page.getByRole('article').first().getByRole('heading', { name, exact: true })).toHaveCount(0);
  });

  test('configure the landing page: logo, slug rules, taken slug, custom domain; then the public page', async ({ page, playwright, baseURL }) => {
    await useSessionOf(page, 'owner');
    const owner = await apiAs(playwright, baseURL!, 'owner');
    const event = await createEventAs(owner, { name: `Landing Fest ${randomUUID().slice(0, 6)}` });
    await page.goto('/dashboard');
    const card = await dashboardCard(page, event.name);
    await card.getByRole('button', { name: `Manage ${event.name}` }).click();
    await page.getByRole('menuitem', { name: 'Configure Landing' }).click();
    const dialog = page.getByRole('dialog', { name: 'Configure Landing Page' });
    await expect(dialog).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Taken slug: the spec's message.
    await dialog.getByLabel('URL slug').fill('demo-summit');
    await dialog.getByRole('button', { name: 'Save Configuration' }).click();
    await expect(page.getByText('This slug is already in use. Please choose a different one.').first()).toBeVisible();

    await dialog.getByLabel('URL slug').fill('Bad Slug');
    await dialog.getByRole('button', { name: 'Save Configuration' }).click();
    await expect(dialog.getByText('Slug can only contain lowercase letters, numbers, and hyphens')).toBeVisible();

    await dialog.getByRole('button', { name: 'Auto-generate' }).click();
    await expect(dialog.getByLabel('URL slug')).toHaveValue(event.name.toLowerCase().replaceAll(' ', '-'));
    const slug = `landing-${randomUUID().slice(0, 8)}`;
    await dialog.getByLabel('URL slug').fill(slug);
    await expect(dialog.getByText(`/event/${slug}`)).toBeVisible();
    await dialog.getByLabel('Description').fill('Our <b>best</b> launch yet.');
    await dialog.getByLabel('Custom domain or subdomain').fill(`Launch-${slug}.Example.com`);
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'logo.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><circle cx="32" cy="32" r="30" fill="#5b3fd9"/></svg>'),
    });
    await expect(dialog.getByAltText('Event logo preview')).toBeVisible();
    await dialog.getByRole('button', { name: 'Save Configuration' }).click();
    await expect(page.getByText('Landing page configuration updated successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    const saved = await (await owner.get(`/api/events/${event.id}`)).json();
    expect(saved).toMatchObject({ slug, customDomain: `launch-${slug}.example.com`, description: 'Our <b>best</b> launch yet.' });
    expect(saved.logoUrl).toMatch(/\.png$/);

    // The public page, for a visitor, with the preview tags in its HTML.
    const html = await (await page.request.get(`/event/${slug}`)).text();
    expect(html).toContain(`<meta property="og:title" content="${event.name}" />`);
    expect(html).toContain('content="Our &lt;b&gt;best&lt;/b&gt; launch yet."');
    await owner.dispose();
  });

  test('the public landing page shows everything for a visitor; an unknown slug goes home', async ({ page }) => {
    await page.goto('/event/demo-summit');
    await expect(page.getByRole('heading', { level: 1, name: 'Demo Summit 2026' })).toBeVisible();
    await expect(page.getByText('Hybrid Event')).toBeVisible();
    const glance = page.getByRole('region', { name: 'At a glance' });
    await expect(glance.getByText('12', { exact: true })).toBeVisible();
    await expect(glance.getByText('6', { exact: true })).toBeVisible();
    await expect(glance.getByText('Networking Opportunities')).toBeVisible();
    await expect(glance.getByText('Yes', { exact: true })).toBeVisible();
    for (const title of ['Networking', 'Meeting Requests', 'Curated Sessions', 'Virtual Booths']) {
      await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Ready to Join Us' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    await expect(page.getByRole('link', { name: 'Register Now' }).first()).toHaveAttribute('href', '/auth');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.goto('/event/no-such-event-anywhere');
    await expect(page.getByText('Event not found')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('register for an open event from the dashboard card', async ({ page, playwright, baseURL }) => {
    await useSessionOf(page, 'attendee');
    const owner = await apiAs(playwright, baseURL!, 'owner');
    const event = await createEventAs(owner, { name: `Open House ${randomUUID().slice(0, 6)}` });
    await owner.patch(`/api/events/${event.id}`, { data: { registrationOpen: true } });
    await page.goto('/dashboard');
    const card = await dashboardCard(page, event.name);
    await expect(card.getByRole('link', { name: 'Agenda' })).toHaveCount(0);
    await card.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText(`You're registered for ${event.name}.`)).toBeVisible();
    await expect(card.getByRole('link', { name: 'Agenda' })).toBeVisible();
    await expect(card.getByText('Registered')).toBeVisible();
    await owner.dispose();
  });

  test('manage options of an event: add with Enter, (Default) marks, delete', async ({ page, playwright, baseURL }) => {
    await useSessionOf(page, 'owner');
    const owner = await apiAs(playwright, baseURL!, 'owner');
    const event = await createEventAs(owner, { name: `Options Day ${randomUUID().slice(0, 6)}` });
    await page.goto('/dashboard');
    await (await dashboardCard(page, event.name)).getByRole('button', { name: `Manage ${event.name}` }).click();
    await page.getByRole('menuitem', { name: 'Manage Dropdowns' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manage Dropdown Options' });
    await expect(dialog.getByText('Event-Specific')).toBeVisible();
    await expect(dialog.getByText('Artificial Intelligence')).toBeVisible();
    await expect(dialog.getByText('(Default)').first()).toBeVisible();
    // Default options are not the event manager's to delete.
    await expect(dialog.getByRole('button', { name: 'Delete Artificial Intelligence' })).toHaveCount(0);
    expect(await seriousA11yViolations(page)).toEqual([]);

    const interest = `Robotics ${randomUUID().slice(0, 4)}`;
    await dialog.getByLabel('New interest').fill(interest);
    await dialog.getByLabel('New interest').press('Enter');
    await expect(page.getByText('Interest added successfully')).toBeVisible();
    await dialog.getByRole('button', { name: `Delete ${interest}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Interest deleted')).toBeVisible();
    await expect(dialog.getByText(interest)).toHaveCount(0);

    await dialog.getByRole('tab', { name: 'Networking Goals' }).click();
    await expect(dialog.getByText('Find a co-founder')).toBeVisible();
    await owner.dispose();
  });
});
