import type { APIRequestContext, Page } from '@playwright/test';
import {
  apiAs,
  createAccount,
  expect,
  horizontalOverflow,
  mailTo,
  settledA11yViolations,
  shotInto,
  signInAccount,
  signUpCodeFor,
  test,
  toast,
  uniqueEmail,
  useSessionOf,
  waitForSignInSlot,
} from './fixtures.ts';

const shot = (page: Page, name: string) => shotInto('/tmp/shots-issue8', page, name);

/** The invitation link of the newest invitation email to `email`, as a path (/auth#invitation=…). */
async function invitationLink(request: APIRequestContext, email: string): Promise<string> {
  const message = await mailTo(request, email, /#invitation=/);
  return message.text.match(/\/auth#invitation=[\w-]+/)![0];
}

async function demoEvent(request: APIRequestContext) {
  return (await (await request.get('/api/public/events/demo-summit')).json()) as { id: string; name: string };
}

test.describe('event invitations', () => {
  test.describe.configure({ timeout: 150_000 });
  test.use({ contextOptions: { reducedMotion: 'reduce' } });

  test('the owner invites by email; the invitee signs up from the emailed link and has the event', async ({ page, browser }) => {
    const event = await demoEvent(page.request);
    await useSessionOf(page, 'owner');
    await page.goto(`/event-invitations?eventId=${event.id}`);
    await expect(page.getByRole('heading', { name: 'Send Event Invitations' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Event' })).toContainText(event.name);
    await expect(page.getByText('Invitations are valid for 7 days')).toBeVisible();

    await page.getByRole('button', { name: 'Send Invitations' }).click();
    await expect(toast(page, 'Please enter at least one valid email address')).toBeVisible();

    const email = uniqueEmail('invitee');
    await page.getByLabel('Email address 1', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Add Email' }).click();
    await page.getByLabel('Email address 2', { exact: true }).fill('someone-else');
    await page.getByRole('button', { name: 'Remove email address 2' }).click();
    await expect(page.getByLabel('Email address 2', { exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Send Invitations' }).click();
    await expect(toast(page, 'Successfully sent 1 invitation(s)')).toBeVisible();
    const row = page.getByRole('listitem').filter({ hasText: email });
    await expect(row.getByText('Pending')).toBeVisible();
    // The test server has no SMTP: the email's delivery shows as kept in the outbox.
    await expect(row.getByText('Stored', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Resend' })).toBeVisible();
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await settledA11yViolations(page)).toEqual([]);
    await shot(page, 'invitations');

    // The invitee, signed out, opens the emailed link and creates an account.
    const link = await invitationLink(page.request, email);
    const context = await browser.newContext({ reducedMotion: 'reduce', viewport: page.viewportSize() ?? undefined });
    const invitee = await context.newPage();
    await invitee.goto(link);
    await expect(toast(invitee, 'Invitation Detected')).toContainText('Please sign in or create an account to accept the invitation');
    await expect(invitee).toHaveURL(/\/auth$/); // the token left the address bar
    expect(await settledA11yViolations(invitee)).toEqual([]);
    await shot(invitee, 'invitation-detected');

    await invitee.getByRole('tab', { name: 'Sign Up' }).click();
    const panel = invitee.getByRole('tabpanel', { name: 'Sign Up' });
    await panel.getByLabel('Full name').fill('Mary Jackson');
    await panel.getByLabel('Company email').fill(email);
    await panel.getByLabel('Password', { exact: true }).fill('wind-tunnel-2');
    await panel.getByRole('button', { name: 'Sign Up' }).click();
    await panel.getByLabel('Verification code').fill(await signUpCodeFor(invitee.request, email));
    await panel.getByRole('button', { name: 'Verify & Create Account' }).click();
    const terms = invitee.getByRole('dialog', { name: 'Terms and Conditions' });
    await terms.getByRole('checkbox', { name: 'I have read and understood' }).check();
    await terms.getByRole('checkbox', { name: 'I agree to share my details with event organizers and sponsors' }).check();
    await waitForSignInSlot();
    await terms.getByRole('button', { name: 'Accept and Continue' }).click();
    await expect(toast(invitee, 'Invitation Accepted')).toContainText(`You now have access to ${event.name}`);

    await invitee.goto('/dashboard');
    await invitee.getByRole('tab', { name: 'My Events' }).click();
    await expect(invitee.getByRole('tabpanel').getByText(event.name).first()).toBeVisible();
    await context.close();

    await page.reload();
    await expect(page.getByRole('listitem').filter({ hasText: email }).getByText('Accepted', { exact: true })).toBeVisible();
  });

  test('a signed-in user opening the link is accepted at once; a second time it is already accepted', async ({ page, playwright, baseURL }) => {
    const owner = await apiAs(playwright, baseURL!, 'owner');
    const event = await demoEvent(owner);
    const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
    const account = await createAccount(request, { fullName: 'Annie Easley' });
    await request.dispose();
    const sent = await owner.post('/api/invitations', { data: { eventId: event.id, emails: [account.email] } });
    expect(await sent.json()).toEqual({ results: [{ email: account.email, success: true }] });
    const link = await invitationLink(owner, account.email);

    await signInAccount(page, account);
    await page.goto(link);
    await expect(toast(page, 'Invitation Accepted')).toContainText(`You now have access to ${event.name}`);
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto(link);
    await expect(toast(page, 'Already Accepted')).toContainText('This invitation has already been accepted');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the organizer revokes, and the link then refuses; someone else’s link is an email mismatch', async ({ page, playwright, baseURL }) => {
    const owner = await apiAs(playwright, baseURL!, 'owner');
    const event = await demoEvent(owner);
    const email = uniqueEmail('revoked');
    await owner.post('/api/invitations', { data: { eventId: event.id, emails: [email] } });
    const link = await invitationLink(owner, email);

    await useSessionOf(page, 'owner');
    await page.goto(`/event-invitations?eventId=${event.id}`);
    const row = page.getByRole('listitem').filter({ hasText: email });
    await row.getByRole('button', { name: 'Revoke' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByText('Revoke invitation?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await expect(toast(page, 'Invitation revoked')).toBeVisible();
    await expect(row.getByText('Revoked', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Resend' })).toHaveCount(0);

    // Opened by a signed-in attendee whose address it was not sent to.
    await page.context().clearCookies();
    await useSessionOf(page, 'attendee');
    const other = uniqueEmail('other');
    await owner.post('/api/invitations', { data: { eventId: event.id, emails: [other] } });
    await page.goto(await invitationLink(owner, other));
    await expect(toast(page, 'Email Mismatch')).toContainText('This invitation was sent to a different email address');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(link);
    await expect(toast(page, 'Invitation Revoked')).toBeVisible();
  });

  test('someone without invitation rights is sent back to the dashboard', async ({ page }) => {
    await useSessionOf(page, 'attendee');
    await page.goto('/event-invitations');
    await expect(toast(page, 'Access Denied')).toContainText("You don't have permission to send invitations");
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
