import { randomUUID } from 'node:crypto';
import { apiAs, createEventAs, dashboardCard, expect, horizontalOverflow, settledA11yViolations, test, toast, useSessionOf } from './fixtures.ts';

const HOUR = 3_600_000;

test.describe('calendar feeds and exports', () => {
  // The first sign-in of a run may wait for a slot of the server's sign-in budget (fixtures.ts).
  test.describe.configure({ timeout: 90_000 });
  test.use({ contextOptions: { reducedMotion: 'reduce' } });

  test('My Schedule turns on a calendar feed a calendar app reads without a cookie, then turns it off', async ({ page, playwright, baseURL, request }, info) => {
    await useSessionOf(page, 'attendee');
    const owner = await apiAs(playwright, baseURL!, 'owner');
    const attendee = await apiAs(playwright, baseURL!, 'attendee');
    const event = await createEventAs(owner, { name: `Feed Day ${randomUUID().slice(0, 6)}` });
    await owner.patch(`/api/events/${event.id}`, { data: { registrationOpen: true } });
    const start = Date.now() + 2 * 24 * HOUR;
    const title = `Calendars for everyone ${randomUUID().slice(0, 4)}`;
    const session = await owner.post(`/api/events/${event.id}/sessions`, {
      data: { title, startTime: new Date(start).toISOString(), endTime: new Date(start + HOUR).toISOString(), timezone: 'Europe/London', location: 'Hall C' },
    });
    expect(session.status()).toBe(201);
    expect((await attendee.post(`/api/events/${event.id}/registration`)).status()).toBe(200);
    expect((await attendee.put(`/api/sessions/${((await session.json()) as { id: string }).id}/bookmark`)).status()).toBe(200);
    // Another run's feed of the demo attendee: start from none.
    await attendee.delete('/api/me/calendar-feeds/schedule');

    await page.goto('/my-schedule');
    await page.getByRole('button', { name: 'Subscribe in your calendar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Subscribe in your calendar' });
    await expect(dialog.getByText('Anyone who has it can see your sessions')).toBeVisible();
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const shown = dialog.getByTestId('calendar-feed-url');
    await expect(shown).toHaveText(/^webcal:\/\/.+\/api\/calendar-feeds\/[A-Za-z0-9_-]{43}\.ics$/);
    const webcal = (await shown.textContent())!;
    await expect(dialog.getByRole('link', { name: 'Open in calendar app' })).toHaveAttribute('href', webcal);
    expect(await settledA11yViolations(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);
    await page.screenshot({ path: `/tmp/feeds-subscribe-${info.project.name}.png` });

    // A calendar app: no cookie, only the address.
    const path = new URL(webcal.replace(/^webcal:/, 'http:')).pathname;
    const polled = await request.get(path);
    expect(polled.status()).toBe(200);
    expect(polled.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    const ics = (await polled.text()).replace(/\r\n[ \t]/g, '');
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain(`SUMMARY:${title}`);
    expect(ics).toContain('LOCATION:Hall C');

    // Closed and opened again, the dialog says the feed is on without showing the link again.
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Subscribe in your calendar' }).click();
    await expect(dialog.getByText('Your calendar feed is on')).toBeVisible();
    await expect(dialog.getByText('Last fetched by your calendar app')).toBeVisible();
    await expect(dialog.getByTestId('calendar-feed-url')).toHaveCount(0);
    await page.screenshot({ path: `/tmp/feeds-on-${info.project.name}.png` });

    await dialog.getByRole('button', { name: 'Turn off' }).click();
    const confirm = page.getByRole('dialog', { name: 'Turn off the calendar feed?' });
    await confirm.getByRole('button', { name: 'Turn off' }).click();
    await expect(toast(page, 'Calendar feed turned off')).toBeVisible();
    expect((await request.get(path)).status()).toBe(404);

    // My Meetings has the same control, for the accepted meetings, beside its CSV file.
    await page.goto('/meetings');
    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/meetings/export.csv');
    await page.getByRole('button', { name: 'Subscribe in your calendar' }).click();
    await expect(dialog.getByText('Your calendar app shows your accepted meetings')).toBeVisible();
    expect(await horizontalOverflow(page)).toBe(0);
    await page.screenshot({ path: `/tmp/feeds-meetings-${info.project.name}.png` });
    await owner.dispose();
    await attendee.dispose();
  });

  test("an event's organizer downloads every CSV from Exports in the event's menu", async ({ page, playwright, baseURL }, info) => {
    await useSessionOf(page, 'owner');
    const owner = await apiAs(playwright, baseURL!, 'owner');
    const event = await createEventAs(owner, { name: `Export Day ${randomUUID().slice(0, 6)}` });
    const start = Date.now() + 8 * 24 * HOUR;
    await owner.post(`/api/events/${event.id}/sessions`, {
      data: { title: '=cmd|calc', startTime: new Date(start).toISOString(), endTime: new Date(start + HOUR).toISOString(), timezone: 'UTC' },
    });

    await page.goto('/dashboard');
    const card = await dashboardCard(page, event.name);
    await card.getByRole('button', { name: `Manage ${event.name}` }).click();
    await page.getByRole('menuitem', { name: 'Exports' }).click();
    const dialog = page.getByRole('dialog', { name: 'Exports' });
    for (const [name, file] of [
      ['Registrations', 'registrations.csv'],
      ['Door check-ins', 'check-ins.csv'],
      ['Sessions', 'sessions.csv'],
      ['Sponsors', 'sponsors.csv'],
      ['Meetings', 'meetings.csv'],
      ['Feed posts', 'feed.csv'],
    ]) {
      await expect(dialog.getByRole('link', { name: `Download ${name} CSV` })).toHaveAttribute('href', `/api/events/${event.id}/${file}`);
    }
    expect(await settledA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `/tmp/feeds-exports-${info.project.name}.png` });

    const download = page.waitForEvent('download');
    await dialog.getByRole('link', { name: 'Download Sessions CSV' }).click();
    expect((await download).suggestedFilename()).toBe(`${event.slug}-sessions.csv`);
    const csv = await (await page.request.get(`/api/events/${event.id}/sessions.csv`)).text();
    expect(csv).toContain(`"'=cmd|calc"`);
    await owner.dispose();
  });
});
