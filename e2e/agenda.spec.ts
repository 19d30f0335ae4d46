import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { apiAs, createEventAs, expect, seriousA11yViolations, test, useSessionOf } from './fixtures.ts';

const HOUR = 3_600_000;

/** An event of the owner with three sessions of different types, registration open, the attendee registered. */
async function eventWithSessions(owner: APIRequestContext, attendee: APIRequestContext) {
  const event = await createEventAs(owner, { name: `Agenda Day ${randomUUID().slice(0, 6)}` });
  await owner.patch(`/api/events/${event.id}`, { data: { registrationOpen: true } });
  // The sessions start in ten minutes: check-in opens 30 minutes before a session (decision 0105).
  const start = Date.now() + 10 * 60_000;
  const add = async (patch: Record<string, unknown>, offsetHours: number, minutes = 60) => {
    const response = await owner.post(`/api/events/${event.id}/sessions`, {
      data: {
        startTime: new Date(start + offsetHours * HOUR).toISOString(),
        endTime: new Date(start + offsetHours * HOUR + minutes * 60_000).toISOString(),
        timezone: 'Asia/Tokyo',
        ...patch,
      },
    });
    expect(response.status()).toBe(201);
    return (await response.json()) as { id: string; title: string };
  };
  const keynote = await add({ title: 'Keynote on trust', sessionType: 'topic', speakerName: 'Ada Lovelace', location: 'Hall A', maxCapacity: 2 }, 0);
  const workshop = await add({ title: 'Build a bot', sessionType: 'workshop', hostName: 'Grace Hopper', tags: ['ai'] }, 0.5, 90);
  const coffee = await add({ title: 'Coffee', sessionType: 'break' }, 3, 30);
  expect((await attendee.post(`/api/events/${event.id}/registration`)).status()).toBe(200);
  return { event, keynote, workshop, coffee };
}

test.describe('agenda', () => {
  // The first sign-in of a run may wait for a slot of the server's sign-in budget (fixtures.ts).
  test.describe.configure({ timeout: 90_000 });
  // Accessibility checks read colours: without motion no toast or dialog is caught half faded in.
  test.use({ contextOptions: { reducedMotion: 'reduce' } });
  test('filters by My Schedule and session type; bookmarks with the spec toasts', async ({ page, playwright, baseURL }) => {
    await useSessionOf(page, 'attendee');
    const owner = await apiAs(playwright, baseURL!, 'owner');
    const attendee = await apiAs(playwright, baseURL!, 'attendee');
    const { event } = await eventWithSessions(owner, attendee);

    await page.goto(`/events/${event.id}/agenda`);
    await expect(page.getByRole('heading', { level: 1, name: event.name })).toBeVisible();
    await expect(page.getByText(/^Starts /)).toBeVisible();
    const filters = page.getByRole('group', { name: 'Filter sessions' });
    for (const name of ['All Sessions', 'My Schedule', 'Topic', 'Workshop', 'Break']) {
      await expect(filters.getByRole('button', { name: new RegExp(`^${name}`) })).toBeVisible();
    }
    await expect(filters.getByRole('button', { name: /^Networking/ })).toHaveCount(0);
    await expect(page.getByRole('article')).toHaveCount(3);
    // Shown in the session's zone (Tokyo), and in the viewer's when different.
    await expect(page.getByRole('article').first().getByText(/GMT\+9/)).toBeVisible();
    await expect(page.getByRole('article').first().getByText(/^Your time:/)).toBeVisible();
    await expect(page.getByRole('link', { name: /View Q&A for Keynote on trust/ })).toHaveAttribute('href', /\/sessions\/.+\/qa$/);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await filters.getByRole('button', { name: /^Workshop/ }).click();
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(page.getByRole('heading', { name: 'Build a bot' })).toBeVisible();
    await expect(page.getByText('Hosted by Grace Hopper')).toBeVisible();

    await filters.getByRole('button', { name: /^My Schedule/ }).click();
    await expect(page.getByText('No sessions found for this event')).toBeVisible();

    await filters.getByRole('button', { name: /^All Sessions/ }).click();
    await page.getByRole('button', { name: 'Bookmark Keynote on trust' }).click();
    await expect(page.getByText('Session added to your schedule')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Bookmarked Keynote on trust' })).toHaveAttribute('aria-pressed', 'true');
    await filters.getByRole('button', { name: /^My Schedule/ }).click();
    await expect(page.getByRole('article')).toHaveCount(1);
    await page.getByRole('button', { name: 'Bookmarked Keynote on trust' }).click();
    await expect(page.getByText('Session removed from your schedule')).toBeVisible();
    await expect(page.getByText('No sessions found for this event')).toBeVisible();

    // An event that is missing, or not the viewer's: the spec's load failure, not the 404 page (decision 0106).
    await page.goto('/events/00000000-0000-4000-8000-000000000000/agenda');
    await expect(page.getByRole('heading', { name: 'Failed to load event agenda' })).toBeVisible();
    await expect(page.getByText('Oops! Page not found')).toHaveCount(0);
    await owner.dispose();
    await attendee.dispose();
  });

  test('manage sessions: add with every rule, tags with Enter, edit, delete after confirmation', async ({ page, playwright, baseURL }) => {
    await useSessionOf(page, 'owner');
    const owner = await apiAs(playwright, baseURL!, 'owner');
    const event = await createEventAs(owner, { name: `Sessions Lab ${randomUUID().slice(0, 6)}` });
    await page.goto(`/events/${event.id}/manage-sessions`);
    await expect(page.getByRole('heading', { name: 'Manage Sessions' })).toBeVisible();
    await expect(page.getByText('No sessions yet')).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Add Session' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Session' });
    await dialog.getByRole('button', { name: 'Add Session' }).click();
    await expect(page.getByText('Validation Error')).toBeVisible();
    await expect(dialog.getByText('Session name is required')).toBeVisible();

    await dialog.getByLabel('Session name').fill('Prompt engineering lab');
    await dialog.getByRole('combobox', { name: 'Session type' }).click();
    await page.getByRole('option', { name: 'Workshop' }).click();
    // A native select (every IANA zone, the spec's 13 first: decision 0183).
    await dialog.getByRole('combobox', { name: 'Timezone' }).selectOption('Europe/Paris');
    await dialog.getByLabel('Start time').fill('2030-06-01T10:00');
    await dialog.getByLabel('End time').fill('2030-06-01T11:30');
    await dialog.getByRole('button', { name: 'Add Session' }).click();
    await expect(dialog.getByText('Host name is required for workshop sessions')).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await dialog.getByLabel('Host name').fill('Grace Hopper');
    await dialog.getByLabel('Reference URL').fill('not a link');
    await dialog.getByRole('button', { name: 'Add Session' }).click();
    await expect(dialog.getByText('Must be a valid URL')).toBeVisible();
    await dialog.getByLabel('Reference URL').fill('https://example.com/lab');
    const tags = dialog.getByLabel('Tags');
    for (const tag of ['ai', 'prompts', 'AI']) {
      await tags.fill(tag);
      await tags.press('Enter');
    }
    await expect(dialog.getByRole('button', { name: /^Remove tag/ })).toHaveCount(2);
    await dialog.getByLabel('Max capacity').fill('25');
    await dialog.getByRole('button', { name: 'Add Session' }).click();
    await expect(page.getByText('Session created successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    const row = page.getByRole('listitem').filter({ hasText: 'Prompt engineering lab' });
    await expect(row.getByText('10:00 – 11:30 AM GMT+2')).toBeVisible();
    await expect(row.getByText('0 / 25 checked in')).toBeVisible();
    await expect(row.getByText('#prompts')).toBeVisible();

    await row.getByRole('button', { name: /^Edit/ }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Session' });
    await expect(edit.getByLabel('Start time')).toHaveValue('2030-06-01T10:00');
    await edit.getByLabel('Session name').fill('Prompt engineering lab II');
    await edit.getByLabel('Max capacity').fill('');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Session updated successfully')).toBeVisible();
    const edited = page.getByRole('listitem').filter({ hasText: 'Prompt engineering lab II' });
    await expect(edited.getByText('0 checked in · no limit')).toBeVisible();

    await edited.getByRole('button', { name: /^Delete/ }).click();
    await expect(page.getByText('Are you sure you want to delete this session?')).toBeVisible();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Session deleted successfully')).toBeVisible();
    await expect(page.getByText('No sessions yet')).toBeVisible();
    await owner.dispose();
  });

  test('my schedule: grouped by event, conflicts marked, check in once, calendar file, remove', async ({ page, playwright, baseURL }) => {
    await useSessionOf(page, 'attendee');
    const owner = await apiAs(playwright, baseURL!, 'owner');
    const attendee = await apiAs(playwright, baseURL!, 'attendee');
    // Other tests leave sessions in the demo attendee's schedule, some at these very hours (sessions start soon, for
    // the check-in window): theirs would be real conflicts. Start from an empty schedule.
    const { items } = (await (await attendee.get('/api/schedule')).json()) as { items: Array<{ session: { id: string } }> };
    for (const item of items) await attendee.delete(`/api/sessions/${item.session.id}/bookmark`);
    const { event, keynote, workshop, coffee } = await eventWithSessions(owner, attendee);
    for (const session of [keynote, workshop, coffee]) await attendee.put(`/api/sessions/${session.id}/bookmark`);

    await page.goto('/my-schedule');
    await expect(page.getByRole('heading', { level: 1, name: 'My Schedule' })).toBeVisible();
    const section = page.getByRole('region', { name: event.name });
    await expect(section.getByRole('heading', { level: 2, name: event.name })).toBeVisible();
    const keynoteCard = section.getByRole('article').filter({ hasText: 'Keynote on trust' });
    const coffeeCard = section.getByRole('article').filter({ hasText: 'Coffee' });
    await expect(keynoteCard.getByText('Conflict')).toBeVisible();
    await expect(section.getByRole('article').filter({ hasText: 'Build a bot' }).getByText('Conflict')).toBeVisible();
    await expect(coffeeCard.getByText('Conflict')).toHaveCount(0);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await keynoteCard.getByRole('button', { name: 'Check In to Keynote on trust' }).click();
    await expect(page.getByText("You've been checked in to this session")).toBeVisible();
    await expect(keynoteCard.getByText("You're checked in")).toBeVisible();
    await expect(keynoteCard.getByRole('button', { name: /^Check In/ })).toHaveCount(0);
    await expect(keynoteCard.getByText('1 / 2 checked in')).toBeVisible();

    const calendar = page.getByRole('link', { name: 'Add to calendar', exact: true });
    await expect(calendar).toHaveAttribute('href', '/api/schedule/calendar.ics');
    const download = page.waitForEvent('download');
    await calendar.click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('my-schedule.ics');
    const ics = await (await page.request.get('/api/schedule/calendar.ics')).text();
    expect(ics).toContain('SUMMARY:Keynote on trust');
    expect(ics).toMatch(/DTSTART:\d{8}T\d{6}Z/);

    await coffeeCard.getByRole('button', { name: 'Remove Coffee' }).click();
    await expect(page.getByText('Session removed from your schedule')).toBeVisible();
    await expect(section.getByRole('article')).toHaveCount(2);
    await owner.dispose();
    await attendee.dispose();
  });
});
