import { randomUUID } from 'node:crypto';
import { expect, seriousA11yViolations, test, useSessionOf } from './fixtures.ts';

const shot = (name: string, project: string) => `/tmp/shots-issue5/${name}-${project}.png`;

test.describe('messages', () => {
  test.describe.configure({ timeout: 120_000 });
  test.use({ contextOptions: { reducedMotion: 'reduce' } });

  test('two people message each other live; Enter sends, Shift+Enter breaks the line; blocking stops the sender', async ({ page, browser }, testInfo) => {
    const tag = randomUUID().slice(0, 6);
    await useSessionOf(page, 'attendee');
    const other = await browser.newContext({ reducedMotion: 'reduce', viewport: page.viewportSize() ?? undefined });
    const staffPage = await other.newPage();
    await useSessionOf(staffPage, 'staff');
    const staff = (await (await staffPage.request.get('/api/me')).json()) as { user: { id: string; name: string } };
    const attendee = (await (await page.request.get('/api/me')).json()) as { user: { id: string; name: string } };

    // The recipient has Messages open before anything arrives.
    await staffPage.goto('/messages');
    await expect(staffPage.getByRole('heading', { name: 'Messages' })).toBeVisible();
    // On a phone the list fills the screen until a conversation is chosen.
    if (testInfo.project.name === 'laptop') await expect(staffPage.getByText('Select a conversation to start messaging')).toBeVisible();

    await page.goto(`/messages?with=${staff.user.id}`);
    const box = page.getByRole('textbox', { name: `Message ${staff.user.name}` });
    await box.fill(`Hello ${tag}`);
    await box.press('Shift+Enter');
    await box.pressSequentially('second line');
    await expect(box).toHaveValue(`Hello ${tag}\nsecond line`);
    await box.press('Enter');
    await expect(box).toHaveValue('');
    const log = page.getByRole('log', { name: `Messages with ${staff.user.name}` });
    await expect(log.getByText(`Hello ${tag}`)).toBeVisible();
    await expect(log).toHaveCSS('max-height', '500px');

    // It arrives on the other person's open page, unread, without a reload.
    const conversation = staffPage.getByRole('navigation', { name: 'Conversations' }).getByRole('button', { name: new RegExp(attendee.user.name) });
    await expect(conversation).toContainText(`Hello ${tag}`);
    await expect(conversation).toContainText('unread');
    await conversation.click();
    const staffLog = staffPage.getByRole('log', { name: `Messages with ${attendee.user.name}` });
    await expect(staffLog.getByText(`Hello ${tag}`)).toBeVisible();
    // Opening the thread marked it read (the list is off screen on a phone: ask the API).
    await expect
      .poll(async () => {
        const body = (await (await staffPage.request.get('/api/messages/conversations')).json()) as {
          conversations: Array<{ user: { id: string }; unreadCount: number }>;
        };
        return body.conversations.find((c) => c.user.id === attendee.user.id)?.unreadCount;
      })
      .toBe(0);
    await staffPage.getByRole('textbox', { name: `Message ${attendee.user.name}` }).fill(`Hi back ${tag}`);
    await staffPage.getByRole('textbox', { name: `Message ${attendee.user.name}` }).press('Enter');
    await expect(log.getByText(`Hi back ${tag}`)).toBeVisible();
    await page.screenshot({ path: shot('messages', testInfo.project.name) });
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The 9,000-character warning.
    await box.fill('x'.repeat(9_001));
    await expect(page.getByText('9,001/10,000 characters. 999 remaining.')).toBeVisible();
    await box.fill('');

    // The recipient blocks the sender, who can then no longer write to them.
    await staffPage.getByRole('button', { name: 'Block' }).click();
    const dialog = staffPage.getByRole('alertdialog', { name: 'Block User' });
    await expect(dialog.getByText("They won't be able to send you messages anymore.")).toBeVisible();
    await dialog.getByRole('button', { name: 'Block' }).click();
    await expect(staffPage.getByText('User blocked successfully')).toBeVisible();
    await box.fill(`Are you there ${tag}?`);
    await box.press('Enter');
    await expect(page.getByText('Cannot send message to this user')).toBeVisible();

    // Leave the demo accounts as they were for the next run.
    const unblocked = await staffPage.request.delete(`/api/blocks/${attendee.user.id}`, { headers: { origin: new URL(page.url()).origin } });
    expect(unblocked.status()).toBe(200);
    await other.close();
  });

  test('the empty texts', async ({ page }) => {
    await useSessionOf(page, 'volunteer');
    await page.goto('/messages');
    await expect(page.getByText('No conversations yet')).toBeVisible();
  });
});
