import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { apiAs, createAccount, expect, horizontalOverflow, signInAccount, signInWithPassword, test, useSessionOf } from './fixtures.ts';

// People's rights over their data (issue 23, decision 0186): "Your data" on the profile page downloads a JSON
// archive and deletes the account; what others rely on stays, shown as from "Deleted user".

/** A page's first paint on a busy machine (its chunks and texts load). */
const SLOW = { timeout: 90_000 };

test.describe('your data', () => {
  test.describe.configure({ timeout: 400_000 });
  test.use({ contextOptions: { reducedMotion: 'reduce' } });

  test('downloads my data, then deletes my account: signed out, the password refused, my upvoted question kept as "Deleted user"', async ({
    page,
    browser,
    playwright,
    baseURL,
  }) => {
    const account = await createAccount(page.request, { prefix: 'gdpr', fullName: 'Dora Delete' });
    await signInAccount(page, account);
    const origin = { origin: baseURL! };
    const event = (await (await page.request.get('/api/public/events/demo-summit')).json()) as { id: string };
    expect((await page.request.post(`/api/events/${event.id}/registration`, { headers: origin })).status()).toBe(200);
    const agenda = (await (await page.request.get(`/api/events/${event.id}/agenda`)).json()) as { sessions: Array<{ id: string; title: string }> };
    const session = agenda.sessions.find((s) => s.title === 'Shipping AI features users trust')!;
    const question = `Who keeps my data? ${randomUUID().slice(0, 6)}`;
    const asked = await page.request.post(`/api/sessions/${session.id}/qa`, { data: { question }, headers: origin });
    expect(asked.status()).toBe(201);
    const attendee = await apiAs(playwright, baseURL!, 'attendee');
    expect((await attendee.put(`/api/qa/${((await asked.json()) as { id: string }).id}/upvote`)).status()).toBe(200);

    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Your data' })).toBeVisible(SLOW);
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download my data' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^mingle-data-\d{4}-\d{2}-\d{2}\.json$/);
    const archive = JSON.parse(readFileSync((await file.path())!, 'utf8')) as {
      account: { email: string };
      profile: { fullName: string };
      registrations: Array<{ eventId: string }>;
      questions: Array<{ question: string }>;
    };
    expect(archive.account.email).toBe(account.email);
    expect(archive.profile.fullName).toBe('Dora Delete');
    expect(archive.registrations.map((r) => r.eventId)).toContain(event.id);
    expect(archive.questions.map((q) => q.question)).toContain(question);

    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog.getByText('Messages other people received from you')).toBeVisible(SLOW);
    expect(await horizontalOverflow(page)).toBe(0);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(dialog.getByText('Please enter your password to confirm')).toBeVisible();
    await dialog.getByLabel(/^Password/).fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(dialog.getByText('That password is not correct')).toBeVisible();
    await dialog.getByLabel(/^Password/).fill(account.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();

    await expect(page).toHaveURL(/\/account-deleted$/, SLOW);
    await expect(page.getByRole('heading', { name: 'Your account has been deleted' })).toBeVisible(SLOW);
    expect((await page.request.get('/api/me')).status()).toBe(401);
    // A client with no cookie left, as a new device would sign in.
    const fresh = await playwright.request.newContext({ baseURL });
    expect((await signInWithPassword(fresh, account.email, account.password)).status()).toBe(401);
    await fresh.dispose();

    // Someone else still sees the question they upvoted, from "Deleted user".
    const other = await browser.newContext({ reducedMotion: 'reduce', viewport: page.viewportSize() ?? undefined });
    const otherPage = await other.newPage();
    await useSessionOf(otherPage, 'attendee');
    await otherPage.goto(`/sessions/${session.id}/qa`);
    const card = otherPage.getByRole('article').filter({ hasText: question });
    await expect(card.getByText(/^Asked by Deleted user · /)).toBeVisible(SLOW);
    // In the viewer's language, like the rest of the page; the demo account speaks English again after.
    await otherPage.getByTestId('language-menu').click();
    await otherPage.getByRole('menuitemradio', { name: 'Deutsch' }).click();
    await expect(card.getByText(/^Gefragt von Gelöschter Benutzer · /)).toBeVisible(SLOW);
    expect((await otherPage.request.put('/api/me/language', { data: { language: 'en' } })).status()).toBe(200);
    await other.close();
  });
});

// What a person consented to (decision 0191): they withdraw sharing their details on the profile, and the event's
// organizer sees it on the registrations list.
test.describe('consents', () => {
  test.describe.configure({ timeout: 300_000 });
  test.use({ contextOptions: { reducedMotion: 'reduce' } });

  test('a person withdraws sharing their details on the profile; the organizer sees it on the registrations list', async ({ page, browser, baseURL }) => {
    const name = `Connie Consent ${randomUUID().slice(0, 6)}`;
    const account = await createAccount(page.request, { prefix: 'consent', fullName: name });
    await signInAccount(page, account);
    const event = (await (await page.request.get('/api/public/events/demo-summit')).json()) as { id: string };
    expect((await page.request.post(`/api/events/${event.id}/registration`, { headers: { origin: baseURL! } })).status()).toBe(200);

    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Consents' })).toBeVisible(SLOW);
    const sharing = page.getByTestId('sharing-consent');
    await expect(sharing.getByText(/^Given on /)).toBeVisible(SLOW);
    await expect(page.getByText(/^Accepted on .* \(version \d{4}-\d\d\)$/)).toBeVisible();
    // The same profile open in another tab follows the change without a reload.
    const otherTab = await page.context().newPage();
    await otherTab.goto('/profile');
    const otherSharing = otherTab.getByTestId('sharing-consent');
    await expect(otherSharing.getByText(/^Given on /)).toBeVisible(SLOW);
    await sharing.getByRole('button', { name: 'Withdraw consent' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Withdraw your consent?' });
    await dialog.getByRole('button', { name: 'Withdraw' }).click();
    await expect(sharing.getByText(/^Withdrawn on /)).toBeVisible(SLOW);
    await expect(sharing.getByRole('button', { name: 'Give consent' })).toBeVisible();
    expect(await horizontalOverflow(page)).toBe(0);
    await expect(otherSharing.getByText(/^Withdrawn on /)).toBeVisible(SLOW);
    await otherTab.close();

    const organizer = await browser.newContext({ reducedMotion: 'reduce', viewport: page.viewportSize() ?? undefined });
    const organizerPage = await organizer.newPage();
    await useSessionOf(organizerPage, 'owner');
    await organizerPage.goto(`/events/${event.id}/registrations`);
    await organizerPage.getByPlaceholder('Search by name or email').fill(name);
    const row = organizerPage.getByRole('list', { name: 'registered people' }).getByRole('listitem').filter({ hasText: name });
    await expect(row.getByText(/^Sharing withdrawn /)).toBeVisible(SLOW);
    await expect(row.getByText(/^Terms accepted /)).toBeVisible();
    await organizer.close();
  });
});
