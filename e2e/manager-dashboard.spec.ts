import type { Page } from '@playwright/test';
import {
  apiAs,
  createAccount,
  createEventAs,
  expect,
  settledA11yViolations,
  shotInto,
  signInWithPassword,
  test,
  toast,
  uniqueEmail,
  useSessionOf,
} from './fixtures.ts';

const shot = (page: Page, name: string) => shotInto('/tmp/shots-issue8', page, name);

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('dialog').getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

test.describe('event manager dashboard: volunteers and tickets', () => {
  test.describe.configure({ timeout: 150_000 });
  test.use({ contextOptions: { reducedMotion: 'reduce' } });

  test('the owner adds volunteers by email, edits an allocation, moves goodies, and works a ticket', async ({ page, playwright, baseURL }) => {
    const owner = await apiAs(playwright, baseURL!, 'owner');
    const event = await createEventAs(owner);
    const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
    const suffix = Math.random().toString(36).slice(2, 6);
    const first = await createAccount(request, { fullName: `Grace Hopper ${suffix}` });
    const second = await createAccount(request, { fullName: `Alan Kay ${suffix}` });

    await useSessionOf(page, 'owner');
    await page.goto('/event-manager-dashboard');
    await page.getByRole('tab', { name: 'Volunteers' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Volunteers' });

    // Add an existing account, with 10 goodies: an invitation (issue 16), granted when they accept.
    await panel.getByRole('button', { name: 'Add Volunteer' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add Volunteer' });
    await choose(page, 'Event', event.name);
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
    await dialog.getByLabel('Email').fill(first.email);
    await dialog.getByLabel('Allocated goodies').fill('10');
    expect(await settledA11yViolations(page)).toEqual([]);
    await shot(page, 'manager-add-volunteer');
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(toast(page, `Invitation sent to ${first.email}`)).toBeVisible();

    await panel.getByRole('button', { name: 'Add Volunteer' }).click();
    dialog = page.getByRole('dialog', { name: 'Add Volunteer' });
    await choose(page, 'Event', event.name);
    await dialog.getByLabel('Email').fill(second.email);
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(toast(page, `Invitation sent to ${second.email}`)).toBeVisible();

    // An address without an account gets the same invitation, and the same answer.
    const newcomer = uniqueEmail('newcomer');
    await panel.getByRole('button', { name: 'Add Volunteer' }).click();
    dialog = page.getByRole('dialog', { name: 'Add Volunteer' });
    await choose(page, 'Event', event.name);
    await dialog.getByLabel('Email').fill(newcomer);
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(toast(page, `Invitation sent to ${newcomer}`)).toBeVisible();

    // Both accounts accept their invitations (the in-app flow has its own spec, role-invitations.spec.ts).
    for (const account of [first, second]) {
      const own = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
      expect((await signInWithPassword(own, account.email, account.password)).status()).toBe(200);
      const { invitations } = (await (await own.get('/api/me/invitations')).json()) as { invitations: Array<{ id: string; eventId: string }> };
      const invitation = invitations.find((item) => item.eventId === event.id)!;
      expect((await own.post(`/api/me/invitations/${invitation.id}/accept`)).status()).toBe(200);
      await own.dispose();
    }
    await page.reload();
    await page.getByRole('tab', { name: 'Volunteers' }).click();

    const firstRow = panel.getByRole('listitem').filter({ hasText: first.fullName });
    const secondRow = panel.getByRole('listitem').filter({ hasText: second.fullName });
    await expect(firstRow.getByText('0 / 10 goodies distributed')).toBeVisible();

    // Edit the allocation.
    await firstRow.getByRole('button', { name: `Edit allocation of ${first.fullName}` }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Allocation' });
    await dialog.getByLabel('Allocated goodies').fill('-1');
    await dialog.getByRole('button', { name: 'Save Allocation' }).click();
    await expect(dialog.getByText('Allocated goodies must be a whole number from 0 to 100000')).toBeVisible();
    await dialog.getByLabel('Allocated goodies').fill('8');
    await dialog.getByRole('button', { name: 'Save Allocation' }).click();
    await expect(toast(page, 'Allocation updated')).toBeVisible();
    await expect(firstRow.getByText('0 / 8 goodies distributed')).toBeVisible();

    // Move 3 of them to the second volunteer; more than is left is refused with the reason.
    await firstRow.getByRole('button', { name: `Move goodies from ${first.fullName}` }).click();
    dialog = page.getByRole('dialog', { name: 'Move Goodies' });
    await expect(dialog.getByText(`${first.fullName} has 8 undistributed goodie(s)`)).toBeVisible();
    await dialog.getByLabel('Number of goodies').fill('9');
    await dialog.getByRole('button', { name: 'Move Goodies' }).click();
    await expect(dialog.getByText(`${first.fullName} has only 8 undistributed goodie(s) to move`)).toBeVisible();
    await dialog.getByLabel('Number of goodies').fill('3');
    expect(await settledA11yViolations(page)).toEqual([]);
    await shot(page, 'manager-move-goodies');
    await dialog.getByRole('button', { name: 'Move Goodies' }).click();
    await expect(toast(page, `Moved 3 goodie(s) from ${first.fullName} to ${second.fullName}`)).toBeVisible();
    await expect(firstRow.getByText('0 / 5 goodies distributed')).toBeVisible();
    await expect(secondRow.getByText('0 / 3 goodies distributed')).toBeVisible();
    expect(await settledA11yViolations(page)).toEqual([]);
    await shot(page, 'manager-volunteers-managed');

    // A volunteer of the owner's event files a ticket about that event (decision 0092); the owner starts and resolves it.
    expect((await signInWithPassword(request, first.email, first.password)).status()).toBe(200);
    const subject = `Scanner will not open ${suffix}`;
    const filed = await request.post('/api/support/tickets', {
      data: { email: first.email, fullName: first.fullName, subject, description: 'The camera stays black on my phone.', ticketType: 'bug', eventId: event.id },
    });
    expect(filed.status()).toBe(201);
    await request.dispose();

    await page.getByRole('tab', { name: 'Tickets' }).click();
    const ticket = page.getByRole('listitem', { name: subject });
    await expect(ticket.getByText('Open', { exact: true })).toBeVisible();
    await expect(ticket.getByRole('button', { name: 'Resolve' })).toBeEnabled();
    expect(await settledA11yViolations(page)).toEqual([]);
    await shot(page, 'manager-tickets');
    await ticket.getByRole('button', { name: 'Start' }).click();
    await expect(toast(page, 'Ticket status updated')).toBeVisible();
    await expect(ticket.getByText('In Progress', { exact: true })).toBeVisible();
    await expect(ticket.getByRole('button', { name: 'Start' })).toBeDisabled();
    await ticket.getByRole('button', { name: 'Resolve' }).click();
    await expect(ticket.getByText('Resolved', { exact: true })).toBeVisible();
    await expect(ticket.getByRole('button', { name: 'Resolve' })).toBeDisabled();
    await expect(ticket.getByRole('button', { name: 'Start' })).toBeDisabled();

    // My Events links each event to its invitations.
    await page.getByRole('tab', { name: 'My Events' }).click();
    const card = page.getByRole('listitem').filter({ hasText: event.name });
    await card.getByRole('link', { name: 'Invite attendees' }).click();
    await expect(page).toHaveURL(new RegExp(`/event-invitations\\?eventId=${event.id}$`));
    await expect(page.getByRole('combobox', { name: 'Event' })).toContainText(event.name);
  });
});
