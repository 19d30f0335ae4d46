import { randomUUID } from 'node:crypto';
import { apiAs, createAccount, createEventAs, DEMO_USERS, expect, horizontalOverflow, mailTo, settledA11yViolations, shotInto, test, toast, useSessionOf } from './fixtures.ts';

// Issue 20, attendees in by CSV: the organizer's export from another tool, its columns recognised, a preview of what
// happens to each row, then the invitations and the report; nobody is registered without accepting.

test.describe('importing attendees from a CSV file', () => {
  test.describe.configure({ timeout: 120_000 });
  test.use({ contextOptions: { reducedMotion: 'reduce' } });

  test('a Hi.Events export: mapped, previewed with its bad rows, imported, reported', async ({ page, playwright, baseURL }) => {
    await useSessionOf(page, 'owner');
    const owner = await apiAs(playwright, baseURL!, 'owner');
    const staff = await apiAs(playwright, baseURL!, 'staff');
    const event = await createEventAs(owner, { name: `Imported Conf ${randomUUID().slice(0, 6)}` });
    expect((await owner.patch(`/api/events/${event.id}`, { data: { registrationOpen: true } })).status()).toBe(200);
    expect((await staff.post(`/api/events/${event.id}/registration`)).status()).toBe(200);
    const holderApi = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
    const holder = await createAccount(holderApi, { fullName: 'Hedy Lamarr' });
    const newcomer = `newcomer-${randomUUID().slice(0, 8)}@acme-e2e.com`;
    const csv = [
      'ID,First Name,Last Name,Email,Status,Is Checked In,Checked In At,Product ID',
      `1,Sam,Staff,${DEMO_USERS.staff},ACTIVE,false,,7`,
      `2,Hedy,Lamarr,${holder.email},ACTIVE,false,,7`,
      `3,Alan,Turing,${newcomer},ACTIVE,false,,7`,
      '4,No,Address,not-an-email,ACTIVE,false,,7',
      `5,Hedy,Again,${holder.email.toUpperCase()},ACTIVE,false,,7`,
    ].join('\n');

    await page.goto(`/events/${event.id}/registrations`);
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import attendees' });
    await dialog.getByLabel('CSV file').setInputFiles({ name: 'hi-events-attendees.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect(dialog).toContainText('hi-events-attendees.csv: 5 rows, a Hi.Events export');
    // The columns are recognised; the organizer could change any of them.
    await expect(dialog.getByLabel('Email (required)')).toContainText('Email');
    await expect(dialog.getByLabel('First name')).toContainText('First Name');
    await expect(dialog.getByLabel('Last name')).toContainText('Last Name');
    await expect(dialog.getByLabel('Company')).toContainText('Not in the file');
    expect(await settledA11yViolations(page)).toEqual([]);

    await dialog.getByRole('button', { name: 'Preview' }).click();
    const summary = dialog.getByRole('list', { name: 'Import summary' });
    await expect(summary).toContainText('Already registered: 1');
    await expect(summary).toContainText('Will be invited (has an account): 1');
    await expect(summary).toContainText('Will be invited by email: 1');
    await expect(summary).toContainText('Not a valid email address: 1');
    await expect(summary).toContainText('Same email as an earlier row: 1');
    await expect(dialog.getByRole('table')).toContainText('Alan Turing');
    await dialog.getByText('Problems only').click();
    await expect(dialog.getByRole('table').getByRole('row')).toHaveCount(3);
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await settledA11yViolations(page)).toEqual([]);
    await shotInto('/tmp/shots-import', page, `import-preview-${test.info().project.name}`);

    await dialog.getByRole('button', { name: 'Invite 2 people' }).click();
    await expect(toast(page, 'Import done')).toContainText('2 people were invited.');
    await expect(summary).toContainText('Invited by email: 1');
    await expect(summary).toContainText('Invited (has an account): 1');
    await expect(summary).toContainText('Not imported: not a valid email address: 1');
    const report = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download report' }).click();
    expect((await report).suggestedFilename()).toBe('import-report.csv');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();

    // The newcomer has the invitation email; the account holder is not registered until they accept.
    expect((await mailTo(page.request, newcomer, new RegExp(event.name))).subject).toContain(event.name);
    const registered = (await (await owner.get(`/api/events/${event.id}/registrations?status=registered`)).json()) as { items: Array<{ email: string }> };
    expect(registered.items.map((item) => item.email)).toEqual([DEMO_USERS.staff]);

    for (const api of [owner, staff, holderApi]) await api.dispose();
  });
});
