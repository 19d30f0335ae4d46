import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { apiAs, createAccount, createEventAs, dashboardCard, expect as baseExpect, signInAccount, test, toast, useSessionOf } from './fixtures.ts';

// Each step waits on several browsers, uploads or a live announcement through the server: on a busy machine that takes
// seconds, so steps get 15 s instead of 5 (a broken promise still fails, only later).
const expect = baseExpect.configure({ timeout: 15_000 });

// Issue 17: uploaded files and typed URLs round-trip through every edit form. Editing a sponsor whose logo was
// uploaded used to fill Logo URL with its /files/... path and answer "Must be a valid URL" on Save, uploading again
// included. Decision 0085 keeps the guarantee: a record is never pointed at a file of ours it does not own.

const png = (background: string) => sharp({ create: { width: 120, height: 80, channels: 3, background } }).png().toBuffer();
const STORED = /^\/files\/[a-z0-9/.-]+$/;

async function sponsorLogo(page: Page, sponsorId: string): Promise<string | null> {
  return ((await (await page.request.get(`/api/sponsors/${sponsorId}`)).json()) as { sponsor: { logoUrl: string | null } }).sponsor.logoUrl;
}

test.describe('files round-trip through the edit forms', () => {
  test.describe.configure({ timeout: 180_000 });
  test.use({ contextOptions: { reducedMotion: 'reduce' } });

  test('sponsor logo uploaded, edited, uploaded again and typed; event logo kept; avatar and feed photo kept', async ({ page, playwright, baseURL }) => {
    const owner = await apiAs(playwright, baseURL!, 'owner');
    const event = await createEventAs(owner);
    await useSessionOf(page, 'owner');

    // Sponsors: add one with an uploaded logo.
    await page.goto(`/events/${event.id}/manage-sponsors`);
    await page.getByRole('button', { name: 'Add Sponsor' }).first().click();
    const dialog = page.getByRole('dialog');
    const name = `Round Trip ${randomUUID().slice(0, 6)}`;
    await dialog.getByLabel('Company name').fill(name);
    await dialog.getByLabel('Logo file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await png('#5b3fd9') });
    await dialog.getByRole('button', { name: 'Add Sponsor' }).click();
    await expect(toast(page, 'Success')).toContainText('Sponsor added successfully');
    await expect(dialog).toBeHidden();
    const { sponsors } = (await (await page.request.get(`/api/events/${event.id}/sponsors`)).json()) as { sponsors: Array<{ id: string; companyName: string }> };
    const sponsorId = sponsors.find((sponsor) => sponsor.companyName === name)!.id;
    const uploaded = await sponsorLogo(page, sponsorId);
    expect(uploaded).toMatch(STORED);

    // Edit: the form shows the uploaded logo's path and saves it back unchanged.
    const edit = async () => {
      await page.getByRole('button', { name: `Edit ${name}` }).click();
      await expect(dialog.getByRole('heading', { name: 'Edit Sponsor' })).toBeVisible();
    };
    // The dialog closes only on a successful save; the refusal this issue reported toasted "Validation Error".
    const saveEdit = async () => {
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await expect(dialog).toBeHidden();
      await expect(toast(page, 'Validation Error')).toHaveCount(0);
    };
    await edit();
    await expect(dialog.getByLabel('Logo URL')).toHaveValue(uploaded!);
    await dialog.getByLabel('Description').fill('Edited with an uploaded logo.');
    await saveEdit();
    expect(await sponsorLogo(page, sponsorId)).toBe(uploaded);

    // Uploading again replaces the logo (and the replaced file is gone).
    await edit();
    await dialog.getByLabel('Logo file').setInputFiles({ name: 'logo-2.png', mimeType: 'image/png', buffer: await png('#e0457b') });
    await saveEdit();
    const replaced = await sponsorLogo(page, sponsorId);
    expect(replaced).toMatch(STORED);
    expect(replaced).not.toBe(uploaded);
    expect((await page.request.get(uploaded!)).status()).toBe(404);

    // A typed address round-trips too; another record's file is still refused (decision 0085).
    const typed = 'https://cdn.example.org/round-trip/logo.png';
    await edit();
    await dialog.getByLabel('Logo URL').fill(typed);
    await saveEdit();
    expect(await sponsorLogo(page, sponsorId)).toBe(typed);
    await edit();
    await expect(dialog.getByLabel('Logo URL')).toHaveValue(typed);
    await saveEdit();
    expect(await sponsorLogo(page, sponsorId)).toBe(typed);
    const foreign = await owner.put(`/api/sponsors/${sponsorId}`, { data: { companyName: name, logoUrl: replaced } });
    expect(foreign.status()).toBe(400);

    // Event: the uploaded landing logo survives saving the landing form again.
    await owner.put(`/api/events/${event.id}/logo`, { multipart: { logo: { name: 'event.png', mimeType: 'image/png', buffer: await png('#1f9d74') } } });
    const eventLogo = ((await (await owner.get(`/api/events/${event.id}`)).json()) as { logoUrl: string }).logoUrl;
    expect(eventLogo).toMatch(STORED);
    await page.goto('/dashboard');
    await (await dashboardCard(page, event.name)).getByRole('button', { name: `Manage ${event.name}` }).click();
    await page.getByRole('menuitem', { name: 'Configure Landing' }).click();
    const landing = page.getByRole('dialog', { name: 'Configure Landing Page' });
    await landing.getByLabel('Description').fill('Saved again with its uploaded logo.');
    await landing.getByRole('button', { name: 'Save Configuration' }).click();
    await expect(landing).toBeHidden();
    expect(await (await owner.get(`/api/events/${event.id}`)).json()).toMatchObject({ logoUrl: eventLogo, description: 'Saved again with its uploaded logo.' });

    // Feed: a post's uploaded photo is served from its stored path after a reload.
    await page.goto(`/events/${event.id}/feed`);
    const text = `Photo post ${randomUUID().slice(0, 6)}`;
    await page.getByPlaceholder('Share something with the event...').fill(text);
    await page.getByLabel('Attach a photo or video').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: await png('#f2b705') });
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    await expect(page.getByText('Post created successfully')).toBeVisible();
    await page.reload();
    const photo = page.getByRole('article').filter({ hasText: text }).locator(`img[src^="/files/feed/${event.id}/"]`);
    await expect(photo).toBeVisible();
    await expect(photo).not.toHaveJSProperty('naturalWidth', 0); // the stored file was served and decoded

    // Profile: a picture uploaded, then the form saved, keeps the picture (an account of the test's own).
    await page.context().clearCookies();
    const account = await createAccount(page.request, { prefix: 'roundtrip', fullName: 'Grace Hopper' });
    await signInAccount(page, account);
    const profile = { fullName: 'Grace Hopper', companyOrInstitution: 'Navy Labs', selectedInterests: ['Artificial Intelligence'], selectedGoals: ['Find a mentor'] };
    expect((await page.request.patch('/api/me/profile', { data: profile, headers: { origin: baseURL! } })).status()).toBe(200);
    await page.goto('/profile');
    await page.getByLabel('Profile picture file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await png('#334155') });
    await expect(toast(page, 'Profile picture updated')).toBeVisible();
    const form = page.getByRole('form', { name: 'Profile details' });
    await form.getByLabel('Bio').fill('Saved after the picture.');
    await form.getByRole('button', { name: 'Save Profile' }).click();
    await expect(toast(page, 'Success')).toContainText('Profile updated successfully');
    await page.reload();
    const me = (await (await page.request.get('/api/me')).json()) as { profile: { avatarUrl: string | null; bio: string | null } };
    expect(me.profile.avatarUrl).toMatch(STORED);
    expect(me.profile.bio).toBe('Saved after the picture.');
    await expect(page.locator('main').getByRole('img', { name: 'Grace Hopper' }).first()).toHaveAttribute('src', me.profile.avatarUrl!);
  });
});
