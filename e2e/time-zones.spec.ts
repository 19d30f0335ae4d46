import { apiAs, createAccount, createEventAs, dashboardCard, expect, signInAccount, signInWithPassword, test, toast, useSessionOf } from './fixtures.ts';

// Every IANA zone, the viewer's own time beside the event's (decision 0183), and a person's language kept on the
// account (decision 0184).

// ICU spaces times with narrow and thin no-break spaces (which vary between versions): match any space there.
const words = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+'));

test.describe('an event in São Paulo seen from Berlin', () => {
  test.describe.configure({ timeout: 240_000 });
  test.use({ timezoneId: 'Europe/Berlin', locale: 'en-US' });

  test('the card and the agenda show the event’s time and the viewer’s own', async ({ page, playwright, baseURL }) => {
    const owner = await apiAs(playwright, baseURL!, 'owner');
    // 12:00 UTC is 9:00 in São Paulo and 13:00 in Berlin.
    const event = await createEventAs(owner, {
      startDate: '2027-03-10T12:00:00.000Z',
      endDate: '2027-03-11T20:00:00.000Z',
      timezone: 'America/Sao_Paulo',
    });
    const session = await owner.post(`/api/events/${event.id}/sessions`, {
      data: { title: 'Abertura', startTime: '2027-03-10T12:00:00.000Z', endTime: '2027-03-10T13:00:00.000Z', timezone: 'America/Sao_Paulo' },
    });
    expect(session.status()).toBe(201);
    await owner.dispose();
    await useSessionOf(page, 'owner');

    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
    const card = await dashboardCard(page, event.name);
    await expect(card.getByText(words('Starts Mar 10, 2027, 9:00 AM GMT-3'))).toBeVisible();
    await expect(card.getByText(words('1:00 PM your time (GMT+1)')).first()).toBeVisible();

    await page.goto(`/events/${event.id}/agenda`);
    const row = page.getByRole('article').filter({ hasText: 'Abertura' });
    await expect(row.getByText(words('Wed, Mar 10, 2027, 9:00 – 10:00 AM GMT-3'))).toBeVisible({ timeout: 30_000 });
    await expect(row.getByText(words('Your time: Wed, Mar 10, 2027, 1:00 – 2:00 PM GMT+1'))).toBeVisible();
  });

  test('a meeting request’s proposed time is read on the clock of the event both people attend', async ({ page, playwright, baseURL }) => {
    const owner = await apiAs(playwright, baseURL!, 'owner');
    const event = await createEventAs(owner, {
      startDate: '2027-03-10T12:00:00.000Z',
      endDate: '2027-03-11T20:00:00.000Z',
      timezone: 'America/Sao_Paulo',
      allowAttendeeNetworking: true,
    });
    expect((await owner.patch(`/api/events/${event.id}`, { data: { registrationOpen: true } })).status()).toBe(200);
    await owner.dispose();
    // Two people of the test's own, each registered by themselves, so no other spec's event is the one they share.
    const [asker, partner] = [await createAccount(page.request, { prefix: 'reuniao' }), await createAccount(page.request, { prefix: 'reuniao' })];
    const partnerApi = await playwright.request.newContext({ baseURL });
    expect((await signInWithPassword(partnerApi, partner.email, partner.password)).status()).toBe(200);
    expect((await partnerApi.post(`/api/events/${event.id}/registration`, { data: { answers: [] } })).status()).toBe(200);
    const partnerId = ((await (await partnerApi.get('/api/me')).json()) as { user: { id: string } }).user.id;
    await partnerApi.dispose();
    await signInAccount(page, asker);
    expect((await page.request.post(`/api/events/${event.id}/registration`, { data: { answers: [] } })).status()).toBe(200);

    await page.goto(`/meetings?with=${partnerId}`);
    const dialog = page.getByRole('dialog', { name: 'Request a Meeting' });
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    await expect(dialog.getByText("In the event's time zone (GMT-3)")).toBeVisible();
    // 9:00 in São Paulo, typed by someone in Berlin: 12:00 UTC, 13:00 on their own clock.
    await dialog.getByLabel('Proposed time').fill('2027-03-10T09:00');
    await expect(dialog.getByText(words('1:00 PM your time (GMT+1)'))).toBeVisible();
    const agenda = `Café ${Math.random().toString(36).slice(2, 8)}`;
    await dialog.getByLabel('Agenda').fill(agenda);
    await dialog.getByRole('button', { name: 'Send Request' }).click();
    await expect(toast(page, 'Meeting Request Sent')).toBeVisible();
    const { meetings } = (await (await page.request.get('/api/meetings')).json()) as { meetings: Array<{ agenda: string; proposedTime: string; eventId: string }> };
    expect(meetings.find((meeting) => meeting.agenda === agenda)).toMatchObject({ proposedTime: '2027-03-10T12:00:00.000Z', eventId: event.id });
  });

  test('the create form offers the spec’s 13 zones first, then every other, and reads the dates in the chosen one', async ({ page }) => {
    await useSessionOf(page, 'owner');
    await page.goto('/events/create');
    const zone = page.getByLabel('Time zone');
    await expect(zone).toBeVisible({ timeout: 30_000 });
    // The organizer's own zone to start with.
    await expect(zone).toHaveValue('Europe/Berlin');
    await expect(zone.locator('optgroup').first().locator('option')).toHaveCount(13);
    expect(await zone.locator('optgroup').nth(1).locator('option').count()).toBeGreaterThan(300);
    await expect(zone.locator('option[value="America/Sao_Paulo"]')).toHaveText(/^\(GMT−03:00\) America\/Sao Paulo$/);

    const name = `Encontro ${Math.random().toString(36).slice(2, 8)}`;
    await page.getByLabel('Event name').fill(name);
    await zone.selectOption('America/Sao_Paulo');
    await page.getByLabel('Start date').fill('2027-04-20T09:00');
    await page.getByLabel('End date').fill('2027-04-20T18:00');
    await page.getByRole('button', { name: 'Create Event' }).click();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
    const card = await dashboardCard(page, name);
    await expect(card.getByText(words('Starts Apr 20, 2027, 9:00 AM GMT-3'))).toBeVisible();
    await expect(card.getByText(words('2:00 PM your time (GMT+2)')).first()).toBeVisible();
  });
});

test.describe('a person’s language on the account', () => {
  test.describe.configure({ timeout: 240_000 });

  test('Deutsch picked on the profile follows the person to a fresh browser', async ({ page, browser }) => {
    const account = await createAccount(page.request, { prefix: 'sprache' });
    await signInAccount(page, account);
    await page.goto('/profile');
    await expect(page.getByTestId('profile-language')).toBeVisible({ timeout: 30_000 });
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/me/language') && response.request().method() === 'PUT');
    await page.getByTestId('profile-language').selectOption('de');
    expect((await saved).status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');

    const fresh = await browser.newContext({ locale: 'en-US', viewport: page.viewportSize() });
    // A fresh browser has no language chosen on it (the fixtures choose English on every English one they open).
    await fresh.addInitScript("localStorage.removeItem('mingle.language')");
    const elsewhere = await fresh.newPage();
    await signInAccount(elsewhere, account);
    await elsewhere.goto('/dashboard');
    await expect(elsewhere.getByTestId('language-menu')).toBeVisible({ timeout: 30_000 });
    await expect(elsewhere.locator('html')).toHaveAttribute('lang', 'de');
    await expect(elsewhere.getByTestId('language-menu')).toHaveText('de');
    await fresh.close();
  });
});

test.describe('an event moved to São Paulo in the edit form, seen from Tokyo', () => {
  test.describe.configure({ timeout: 240_000 });
  test.use({ timezoneId: 'Asia/Tokyo', locale: 'en-US' });

  test('the organizer picks the zone; the meetings page and My Schedule show its times and the viewer’s own', async ({ page, browser, playwright, baseURL }) => {
    const owner = await apiAs(playwright, baseURL!, 'owner');
    const attendee = await apiAs(playwright, baseURL!, 'attendee');
    const staff = await apiAs(playwright, baseURL!, 'staff');
    // Made in UTC: 12:00 on the form's clock, which the new zone keeps (decision 0192).
    const event = await createEventAs(owner, {
      startDate: '2027-05-12T12:00:00.000Z',
      endDate: '2027-05-13T20:00:00.000Z',
      timezone: 'UTC',
      allowAttendeeNetworking: true,
    });
    expect((await owner.patch(`/api/events/${event.id}`, { data: { registrationOpen: true } })).status()).toBe(200);

    await useSessionOf(page, 'owner');
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
    const card = await dashboardCard(page, event.name);
    await card.getByRole('button', { name: `Manage ${event.name}` }).click();
    await page.getByRole('menuitem', { name: 'Edit event' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit event' });
    await expect(dialog.getByLabel('Time zone')).toHaveValue('UTC');
    await expect(dialog.getByLabel('Start date')).toHaveValue('2027-05-12T12:00');
    await dialog.getByLabel('Time zone').selectOption('America/Sao_Paulo');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Event updated')).toBeVisible({ timeout: 30_000 });
    await expect(dialog).toBeHidden();
    await expect(card.getByText(words('Starts May 12, 2027, 12:00 PM GMT-3'))).toBeVisible();
    await expect(card.getByText(words('May 13, 12:00 AM your time (GMT+9)')).first()).toBeVisible();

    // 13:00 UTC: 10:00 in São Paulo, 22:00 in Tokyo.
    const session = await owner.post(`/api/events/${event.id}/sessions`, {
      data: { title: 'Café da manhã', startTime: '2027-05-12T13:00:00.000Z', endTime: '2027-05-12T14:00:00.000Z', timezone: 'America/Sao_Paulo' },
    });
    expect(session.status()).toBe(201);
    const { id: sessionId } = (await session.json()) as { id: string };
    const staffId = ((await (await staff.get('/api/me')).json()) as { user: { id: string } }).user.id;
    for (const person of [attendee, staff]) expect((await person.post(`/api/events/${event.id}/registration`)).status()).toBe(200);
    expect((await attendee.put(`/api/sessions/${sessionId}/bookmark`)).ok()).toBe(true);
    const agenda = `Zonas ${Math.random().toString(36).slice(2, 8)}`;
    const sent = await attendee.post('/api/meetings', {
      data: { recipientId: staffId, eventId: event.id, proposedTime: '2027-05-12T13:00:00.000Z', durationMinutes: 30, meetingType: 'virtual', agenda },
    });
    expect(sent.status()).toBe(201);
    for (const api of [owner, attendee, staff]) await api.dispose();

    const tokyo = await browser.newContext({ timezoneId: 'Asia/Tokyo', locale: 'en-US', viewport: page.viewportSize() });
    const viewer = await tokyo.newPage();
    await useSessionOf(viewer, 'attendee');
    await viewer.goto('/meetings?tab=sent');
    const meeting = viewer.getByRole('article').filter({ hasText: agenda });
    await expect(meeting.getByText(words('Wed, May 12, 2027, 10:00 – 10:30 AM GMT-3'))).toBeVisible({ timeout: 30_000 });
    await expect(meeting.getByText(words('10:00 PM your time (GMT+9)'))).toBeVisible();

    await viewer.goto('/my-schedule');
    const item = viewer.getByRole('region', { name: event.name }).getByRole('article').filter({ hasText: 'Café da manhã' });
    await expect(item.getByText(words('Wed, May 12, 2027, 10:00 – 11:00 AM GMT-3'))).toBeVisible({ timeout: 30_000 });
    await expect(item.getByText(words('Your time: Wed, May 12, 2027, 10:00 – 11:00 PM GMT+9'))).toBeVisible();
    await expect(item.getByText(words('Check-in opens May 12, 2027, 9:30 AM GMT-3'))).toBeVisible();
    await expect(item.getByText(words('9:30 PM your time (GMT+9)'))).toBeVisible();
    await tokyo.close();
  });
});
