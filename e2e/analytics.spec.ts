import type { Page } from '@playwright/test';
import {
  createAccount,
  expect,
  horizontalOverflow,
  settledA11yViolations,
  shotInto,
  signInAccount,
  test,
  useSessionOf,
} from './fixtures.ts';

const shot = (page: Page, name: string) => shotInto('/tmp/shots-issue7', page, name);

test.describe('event analytics', () => {
  test.describe.configure({ timeout: 120_000 });
  test.use({ contextOptions: { reducedMotion: 'reduce' } });

  test('the owner sees six cards and three tabs, updated live; an attendee is refused', async ({ page, browser }) => {
    await useSessionOf(page, 'owner');
    const event = (await (await page.request.get('/api/public/events/demo-summit')).json()) as { id: string };
    await page.goto(`/events/${event.id}/analytics`);
    await expect(page.getByRole('heading', { name: 'Event Analytics' })).toBeVisible();
    const metrics = page.getByRole('list', { name: 'Metrics' }).getByRole('listitem');
    await expect(metrics).toHaveCount(6);
    for (const title of ['Total Registrations', 'Page Views', 'Session Views', 'Booth Visits', 'Meeting Requests', 'Engagement Rate']) {
      await expect(page.getByText(title, { exact: true })).toBeVisible();
    }
    await expect(page.getByTestId('metric-Engagement Rate')).toHaveText(/^\d+\.\d$/);
    expect(await settledA11yViolations(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);
    await shot(page, 'analytics');

    // An attendee, in a browser of their own, opens a session: the owner's Session Views go up without a reload.
    const other = await browser.newContext({ reducedMotion: 'reduce', viewport: page.viewportSize() ?? undefined });
    const attendeePage = await other.newPage();
    await useSessionOf(attendeePage, 'attendee');
    const before = Number(await page.getByTestId('metric-Session Views').textContent());
    const agenda = (await (await attendeePage.request.get(`/api/events/${event.id}/agenda`)).json()) as { sessions: Array<{ id: string }> };
    await attendeePage.goto(`/sessions/${agenda.sessions[0]!.id}/qa`);
    await expect(page.getByTestId('metric-Session Views')).toHaveText(String(before + 1), { timeout: 10_000 });
    // Every kind of row is announced (no polling any more): a booth visit, and a visitor's look at the public page.
    const boothVisits = Number(await page.getByTestId('metric-Booth Visits').textContent());
    const { sponsors } = (await (await attendeePage.request.get(`/api/events/${event.id}/sponsors`)).json()) as { sponsors: Array<{ id: string }> };
    await attendeePage.goto(`/events/${event.id}/booths/${sponsors[0]!.id}`);
    await expect(page.getByTestId('metric-Booth Visits')).toHaveText(String(boothVisits + 1), { timeout: 10_000 });
    // A page view counts once per viewer and day (decision 0094): the viewer is an account no earlier run has used,
    // since a signed-out visitor from this machine's address was already counted by the other viewport's run.
    const pageViews = Number(await page.getByTestId('metric-Page Views').textContent());
    const visitor = await browser.newContext({ reducedMotion: 'reduce' });
    const visitorPage = await visitor.newPage();
    await signInAccount(visitorPage, await createAccount(visitor.request, { prefix: 'viewer' }));
    await visitorPage.goto('/event/demo-summit');
    await expect(page.getByTestId('metric-Page Views')).toHaveText(String(pageViews + 1), { timeout: 10_000 });
    await visitor.close();

    await page.getByRole('tab', { name: 'Sessions' }).click();
    await expect(page.getByRole('heading', { name: 'Most viewed sessions' })).toBeVisible();
    expect(await settledA11yViolations(page)).toEqual([]);
    await shot(page, 'analytics-sessions');
    await page.getByRole('tab', { name: 'Sponsors' }).click();
    await expect(page.getByRole('heading', { name: 'Booth visits and leads by sponsor' })).toBeVisible();
    await shot(page, 'analytics-sponsors');

    // Not the attendee's to see: the spec's denial, then the dashboard (decision 0106).
    await attendeePage.goto(`/events/${event.id}/analytics`);
    await expect(attendeePage.getByText('Access Denied')).toBeVisible();
    await expect(attendeePage).toHaveURL(/\/dashboard$/);
    await other.close();
  });
});
