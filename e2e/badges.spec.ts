import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import { apiAs, createEventAs, expect, horizontalOverflow, settledA11yViolations, test, useSessionOf } from './fixtures.ts';

// Issue 20, badges: the organizer prints the badges of everyone registered from the Registrations page, as one PDF.

const SLOW = 20_000;

test.describe('printable badges', () => {
  test.describe.configure({ timeout: 120_000 });
  test.use({ contextOptions: { reducedMotion: 'reduce' } });

  test('the organizer downloads 4 x 3 in labels for everyone registered, one a page', async ({ page, playwright, baseURL }) => {
    await useSessionOf(page, 'owner');
    const owner = await apiAs(playwright, baseURL!, 'owner');
    const staff = await apiAs(playwright, baseURL!, 'staff');
    const attendee = await apiAs(playwright, baseURL!, 'attendee');
    const event = await createEventAs(owner, { name: `Badge Day ${randomUUID().slice(0, 6)}` });
    expect((await owner.patch(`/api/events/${event.id}`, { data: { registrationOpen: true } })).status()).toBe(200);
    for (const api of [staff, attendee]) expect((await api.post(`/api/events/${event.id}/registration`)).status()).toBe(200);

    await page.goto(`/events/${event.id}/registrations`);
    await expect(page.getByRole('heading', { name: 'Registrations', level: 1 })).toBeVisible({ timeout: SLOW });
    await page.getByRole('button', { name: 'Print badges' }).click();
    const dialog = page.getByRole('dialog', { name: 'Print badges' });
    await expect(dialog.getByText('2 registered attendees, ordered by name.')).toBeVisible({ timeout: SLOW });
    await dialog.getByRole('radio', { name: /4 × 3 in label/ }).check();
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await settledA11yViolations(page)).toEqual([]);

    const download = page.waitForEvent('download');
    await dialog.getByRole('link', { name: 'Download PDF' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`badges-${event.slug}.pdf`);
    const bytes = readFileSync((await file.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(2);
    expect(pdf.getPage(0).getSize()).toEqual({ width: 288, height: 216 });

    // The late registrations only: everyone registered since an hour ago is both of them here.
    await dialog.getByRole('radio', { name: 'Registered since a date (late registrations)' }).check();
    await expect(dialog.getByText('Choose the date and time.')).toBeVisible();
    const hourAgo = new Date(Date.now() - 3_600_000);
    const local = new Date(hourAgo.getTime() - hourAgo.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    await dialog.getByLabel('Registered since', { exact: true }).fill(local);
    await expect(dialog.getByText(/^Everyone who registered since /)).toBeVisible();
    const late = page.waitForEvent('download');
    await dialog.getByRole('link', { name: 'Download PDF' }).click();
    expect((await PDFDocument.load(readFileSync((await (await late).path())!))).getPageCount()).toBe(2);

    for (const api of [owner, staff, attendee]) await api.dispose();
  });
});
