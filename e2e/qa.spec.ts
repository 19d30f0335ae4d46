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

test.describe('session Q&A', () => {
  test.describe.configure({ timeout: 120_000 });
  test.use({ contextOptions: { reducedMotion: 'reduce' } });

  test('a question, its upvote and its answer arrive live in another browser', async ({ page, browser }) => {
    await useSessionOf(page, 'attendee');
    const event = (await (await page.request.get('/api/public/events/demo-summit')).json()) as { id: string };
    const agenda = (await (await page.request.get(`/api/events/${event.id}/agenda`)).json()) as { sessions: Array<{ id: string; title: string }> };
    const session = agenda.sessions.find((s) => s.title === 'Shipping AI features users trust')!;
    await page.goto(`/sessions/${session.id}/qa`);
    await expect(page.getByRole('heading', { name: 'Shipping AI features users trust' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Questions' }).getByRole('article').first()).toBeVisible();
    const submit = page.getByRole('button', { name: 'Submit Question' });
    await expect(submit).toBeDisabled();
    const field = page.getByLabel('Ask a Question');
    await field.fill('x'.repeat(1900));
    await expect(page.getByText(/characters remaining/)).toHaveCount(0);
    await field.fill('x'.repeat(1950));
    await expect(page.getByText('50 characters remaining')).toBeVisible();
    await field.fill('Why?');
    await submit.click();
    await expect(page.getByText('Question must be at least 5 characters')).toBeVisible();
    expect(await settledA11yViolations(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);
    await shot(page, 'qa');

    const other = await browser.newContext({ reducedMotion: 'reduce', viewport: page.viewportSize() ?? undefined });
    const ownerPage = await other.newPage();
    await useSessionOf(ownerPage, 'owner');
    await ownerPage.goto(`/sessions/${session.id}/qa`);
    await expect(ownerPage.getByRole('list', { name: 'Questions' }).getByRole('article').first()).toBeVisible();

    const text = `How do you test trust? ${randomUUID().slice(0, 6)}`;
    await field.fill(text);
    await page.getByRole('checkbox', { name: 'Ask as Anonymous' }).click();
    await submit.click();
    await expect(page.getByText('Question submitted successfully')).toBeVisible();

    const ownerCard = ownerPage.getByRole('article').filter({ hasText: text });
    await expect(ownerCard).toBeVisible({ timeout: 10_000 });
    await expect(ownerCard.getByText(/^Asked by Anonymous · /)).toBeVisible();
    await ownerCard.getByRole('button', { name: /^Upvote/ }).click();
    await expect(ownerCard.getByTestId('upvote-count')).toHaveText('1');
    const myCard = page.getByRole('article').filter({ hasText: text });
    await expect(myCard.getByTestId('upvote-count')).toHaveText('1', { timeout: 10_000 });

    await ownerCard.getByRole('button', { name: 'Answer' }).click();
    await ownerCard.getByLabel('Your answer').fill('We run red-team reviews before every release.');
    await ownerCard.getByRole('button', { name: 'Save answer' }).click();
    await expect(myCard.getByText('Answered')).toBeVisible({ timeout: 10_000 });
    await expect(myCard.getByText('We run red-team reviews before every release.')).toBeVisible();
    expect(await settledA11yViolations(ownerPage)).toEqual([]);
    await shot(ownerPage, 'qa-owner');
    await other.close();
  });
});
