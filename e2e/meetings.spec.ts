import { randomUUID } from 'node:crypto';
import { expect, seriousA11yViolations, test, useSessionOf } from './fixtures.ts';

const shot = (name: string, project: string) => `/tmp/shots-issue5/${name}-${project}.png`;

test.describe('meetings', () => {
  test.describe.configure({ timeout: 120_000 });
  test.use({ contextOptions: { reducedMotion: 'reduce' } });

  test('request from Discover Attendees, accept in a second browser, the requester sees it live', async ({ page, browser }, testInfo) => {
    const agenda = `Roadmap chat ${randomUUID().slice(0, 6)}`;
    await useSessionOf(page, 'attendee');
    await page.goto('/meetings');
    await expect(page.getByRole('heading', { name: 'My Meetings' })).toBeVisible();
    await expect(page.getByRole('tab', { name: /Requests/ })).toBeVisible();
    await expect(page.getByRole('tab', { name: /Scheduled/ })).toBeVisible();
    await expect(page.getByRole('tab', { name: /Sent/ })).toBeVisible();

    // The recipient, in a browser of their own.
    const other = await browser.newContext({ reducedMotion: 'reduce', viewport: page.viewportSize() ?? undefined });
    const staffPage = await other.newPage();
    await useSessionOf(staffPage, 'staff');
    const staff = (await (await staffPage.request.get('/api/me')).json()) as { user: { name: string } };

    await page.goto('/attendees');
    await page.getByRole('searchbox', { name: 'Search attendees' }).fill(staff.user.name);
    const card = page.getByRole('article').filter({ hasText: staff.user.name }).first();
    // Request Meeting opens My Meetings with the person preselected (/meetings?with={userId}).
    await card.getByRole('link', { name: `Request Meeting with ${staff.user.name}` }).click();
    await expect(page).toHaveURL(/\/meetings\?with=[0-9a-f-]{36}$/);
    const dialog = page.getByRole('dialog', { name: 'Request a Meeting' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(`Propose a time to meet ${staff.user.name}.`)).toBeVisible();
    // The spec's rules, with its messages.
    await dialog.getByRole('button', { name: 'Send Request' }).click();
    await expect(dialog.getByText('Meeting time is required')).toBeVisible();
    await expect(dialog.getByText('Agenda is required')).toBeVisible();
    const when = new Date(Date.now() + 3 * 24 * 3_600_000 + (testInfo.project.name === 'phone' ? 3_600_000 : 0));
    const local = new Date(when.getTime() - when.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    await dialog.getByLabel('Proposed time').fill(local);
    await dialog.getByRole('radio', { name: 'In person' }).check({ force: true });
    await dialog.getByRole('radio', { name: 'Booth' }).check({ force: true });
    await dialog.getByLabel('Booth identifier').fill('B7');
    await dialog.getByLabel('Agenda').fill(agenda);
    await page.screenshot({ path: shot('request-meeting', testInfo.project.name) });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Send Request' }).click();
    await expect(page.getByText('Meeting Request Sent')).toBeVisible();
    await expect(page.getByText(`Your meeting request has been sent to ${staff.user.name}`)).toBeVisible();
    // The dialog closed and took ?with= with it, so a reload does not open it again.
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/meetings$/);

    await page.goto('/meetings?tab=sent');
    const sent = page.getByRole('article').filter({ hasText: agenda });
    await expect(sent).toBeVisible();
    await expect(sent).toContainText('Booth B7');

    // The recipient accepts; the requester's open page moves it to Scheduled without a reload.
    await staffPage.goto('/meetings');
    const request = staffPage.getByRole('article').filter({ hasText: agenda });
    await expect(request).toBeVisible();
    await staffPage.screenshot({ path: shot('meetings-requests', testInfo.project.name) });
    expect(await seriousA11yViolations(staffPage)).toEqual([]);
    await request.getByRole('button', { name: 'Accept' }).click();
    await expect(staffPage.getByText('Meeting Accepted')).toBeVisible();

    await expect(sent).toHaveCount(0);
    await page.getByRole('tab', { name: /Scheduled/ }).click();
    const scheduled = page.getByRole('article').filter({ hasText: agenda });
    await expect(scheduled).toBeVisible();
    const calendarLink = scheduled.getByRole('link', { name: 'Add to calendar' });
    await expect(calendarLink).toHaveAttribute('href', /^\/api\/meetings\/calendar\/[0-9a-f-]{36}$/);
    const calendarFile = await page.request.get((await calendarLink.getAttribute('href')) ?? '');
    expect(calendarFile.headers()['content-type']).toContain('text/calendar');
    expect(await calendarFile.text()).toContain('BEGIN:VEVENT');
    await page.screenshot({ path: shot('meetings-scheduled', testInfo.project.name) });

    // Either may cancel an accepted meeting; it leaves both lists.
    await scheduled.getByRole('button', { name: /Cancel/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel Meeting' }).click();
    await expect(page.getByText('Meeting Cancelled')).toBeVisible();
    await expect(scheduled).toHaveCount(0);
    await staffPage.getByRole('tab', { name: /Scheduled/ }).click();
    await expect(staffPage.getByRole('article').filter({ hasText: agenda })).toHaveCount(0);
    await other.close();
  });

  test('the sponsors Networking tab links to the request dialog; a link to someone one may not meet is refused', async ({ page }) => {
    await useSessionOf(page, 'attendee');
    await page.goto('/sponsors-networking');
    await page.getByRole('tab', { name: 'Networking' }).click();
    const person = page.getByRole('tabpanel').getByRole('article').first();
    const name = (await person.getByRole('heading').textContent())!.trim();
    await person.getByRole('link', { name: `Request Meeting with ${name}` }).click();
    await expect(page).toHaveURL(/\/meetings\?with=[0-9a-f-]{36}$/);
    const dialog = page.getByRole('dialog', { name: 'Request a Meeting' });
    await expect(dialog.getByText(`Propose a time to meet ${name}.`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/meetings$/);

    // Nobody the attendee may meet: the spec's refusal, and no dialog.
    await page.goto(`/meetings?with=${randomUUID()}`);
    await expect(page.getByText('You can only request meetings with people you share an event with or are connected to')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(/\/meetings$/);
  });

  test('the empty texts', async ({ page }) => {
    await useSessionOf(page, 'volunteer');
    await page.goto('/meetings');
    await expect(page.getByText('No pending meeting requests')).toBeVisible();
    await page.getByRole('tab', { name: /Scheduled/ }).click();
    await expect(page.getByText('No scheduled meetings')).toBeVisible();
    await page.getByRole('tab', { name: /Sent/ }).click();
    await expect(page.getByText('No sent requests')).toBeVisible();
  });
});
