import { apiAs, createEventAs, expect, test, useSessionOf } from './fixtures.ts';

// ICU spaces times with narrow and thin no-break spaces (which vary between versions): match any space there.
const words = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+'));

test.describe('dates in the viewer’s zone and locale', () => {
  test.describe.configure({ timeout: 90_000 });
  // A viewer in Los Angeles, reading US English; the event's session is set in Paris.
  test.use({ timezoneId: 'America/Los_Angeles', locale: 'en-US' });

  test('the dashboard and a session across the viewer’s midnight read like a calendar in both zones', async ({ page, browser, playwright, baseURL }) => {
    const owner = await apiAs(playwright, baseURL!, 'owner');
    // Noon UTC on Jan 12 is 4 AM in Los Angeles; the session is 8:00 to 9:30 on Jan 13 in Paris, which is
    // 11 PM on Jan 12 to half past midnight on Jan 13 in Los Angeles.
    const event = await createEventAs(owner, { startDate: '2027-01-12T12:00:00.000Z', endDate: '2027-01-15T00:00:00.000Z' });
    const session = await owner.post(`/api/events/${event.id}/sessions`, {
      data: {
        title: 'Night owls roundtable',
        sessionType: 'topic',
        startTime: '2027-01-13T07:00:00.000Z',
        endTime: '2027-01-13T08:30:00.000Z',
        timezone: 'Europe/Paris',
      },
    });
    expect(session.status()).toBe(201);
    await owner.dispose();
    await useSessionOf(page, 'owner');

    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
    const card = page.getByRole('article', { name: event.name });
    // The list runs by start date and other tests' events start sooner: open pages until this one shows.
    const more = page.getByRole('button', { name: 'Load more events' });
    await expect(async () => {
      if (await more.isVisible()) await more.click();
      await expect(card).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    // The event's own zone (UTC, as none was given), and the viewer's time beside it (decision 0183).
    await expect(card.getByText(words('Starts Jan 12, 2027, 12:00 PM UTC'))).toBeVisible();
    await expect(card.getByText(words('4:00 AM your time (PST)')).first()).toBeVisible();
    await expect(card.getByText(words('Ends Jan 15, 2027, 12:00 AM UTC'))).toBeVisible();
    await expect(card.getByText(words('Jan 14, 4:00 PM your time (PST)')).first()).toBeVisible();

    const eventZone = words('Wed, Jan 13, 2027, 8:00 – 9:30 AM GMT+1');
    const viewerZone = words('Your time: Tue, Jan 12, 2027, 11:00 PM PST – Wed, Jan 13, 2027, 12:30 AM PST');
    for (const path of ['agenda', 'manage-sessions']) {
      await page.goto(`/events/${event.id}/${path}`);
      const row = page.getByRole(path === 'agenda' ? 'article' : 'listitem').filter({ hasText: 'Night owls roundtable' });
      await expect(row.getByText(eventZone)).toBeVisible();
      await expect(row.getByText(viewerZone)).toBeVisible();
      // Never the numeric dates formatRange falls back to when only the time was asked for.
      await expect(row).not.toContainText(/\d+\/\d+\/\d{4}/);
    }

    // The same agenda for a viewer in Berlin reading German: the session's clock, in the words of that locale, and
    // no second line, since Berlin's clock is Paris's.
    const context = await browser.newContext({ timezoneId: 'Europe/Berlin', locale: 'de-DE', viewport: page.viewportSize() });
    await context.addCookies(await page.context().cookies());
    const german = await context.newPage();
    await german.goto(`/events/${event.id}/agenda`);
    const row = german.getByRole('article').filter({ hasText: 'Night owls roundtable' });
    await expect(row.getByText(words('Mi., 13. Jan. 2027, 08:00–09:30 Uhr MEZ'))).toBeVisible();
    await expect(row.getByText(/^Your time:/)).toHaveCount(0);
    await context.close();
  });
});
