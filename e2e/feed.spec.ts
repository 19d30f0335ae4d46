import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import {
  expect,
  horizontalOverflow,
  settledA11yViolations,
  shotInto,
  test,
  useSessionOf,
} from './fixtures.ts';

const shot = (page: Page, name: string) => shotInto('/tmp/shots-issue7', page, name);

test.describe('event feed', () => {
  test.describe.configure({ timeout: 120_000 });
  test.use({ contextOptions: { reducedMotion: 'reduce' } });

  test('a post and a like arrive live in another browser', async ({ page, browser }) => {
    await useSessionOf(page, 'attendee');
    const event = (await (await page.request.get('/api/public/events/demo-summit')).json()) as { id: string };
    await page.goto(`/events/${event.id}/feed`);
    await expect(page.getByRole('heading', { name: 'Event Feed' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Posts' }).getByRole('article').first()).toBeVisible();
    // Pinned first.
    await expect(page.getByRole('list', { name: 'Posts' }).getByRole('article').first().getByText('Pinned')).toBeVisible();
    const postButton = page.getByRole('button', { name: 'Post', exact: true });
    await expect(postButton).toBeDisabled();
    await page.getByLabel('Share something with the event').fill('   ');
    await expect(postButton).toBeDisabled();
    expect(await settledA11yViolations(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);
    await shot(page, 'feed');

    const other = await browser.newContext({ reducedMotion: 'reduce', viewport: page.viewportSize() ?? undefined });
    const ownerPage = await other.newPage();
    await useSessionOf(ownerPage, 'owner');
    await ownerPage.goto(`/events/${event.id}/feed`);
    await expect(ownerPage.getByRole('heading', { name: 'Event Feed' })).toBeVisible();
    await expect(ownerPage.getByRole('list', { name: 'Posts' }).getByRole('article').first()).toBeVisible();

    const text = `Hello from the e2e test ${randomUUID().slice(0, 6)}`;
    await page.getByLabel('Share something with the event').fill(text);
    await expect(page.getByText(`${text.length}/5000`)).toBeVisible();
    await postButton.click();
    await expect(page.getByText('Post created successfully')).toBeVisible();

    // The owner's tab sees the post without a reload, and likes it; the attendee's count follows live.
    const ownerPost = ownerPage.getByRole('article').filter({ hasText: text });
    await expect(ownerPost).toBeVisible({ timeout: 10_000 });
    await ownerPost.getByRole('button', { name: /^Like/ }).click();
    await expect(ownerPost.getByTestId('like-count')).toHaveText('1');
    const myPost = page.getByRole('article').filter({ hasText: text });
    await expect(myPost.getByTestId('like-count')).toHaveText('1', { timeout: 10_000 });
    await shot(ownerPage, 'feed-owner');

    // Its author deletes it; it leaves the owner's tab live too.
    await myPost.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(myPost).toHaveCount(0);
    await expect(ownerPost).toHaveCount(0, { timeout: 10_000 });
    await other.close();
  });
});
