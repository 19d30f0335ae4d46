import { request as playwrightRequest, type Page } from '@playwright/test';
import sharp from 'sharp';
import {
  createAccount,
  expect,
  horizontalOverflow,
  settledA11yViolations,
  signInAccount,
  signInWithPassword,
  test,
  toast,
  totpCode,
  type TestAccount,
  waitForSignInSlot,
} from './fixtures.ts';

// Spec 01: /profile (every field and rule, the avatar, the level badge), the QR dialog, the Change Password card,
// two-factor and devices, and what happens when the session expires mid-edit. Each test uses an account of its own
// (or its describe's), never a demo account: they change profiles and credentials.

test.describe.configure({ timeout: 120_000 });

const profileForm = (page: Page) => page.getByRole('form', { name: 'Profile details' });

async function openProfile(page: Page) {
  await page.goto('/profile');
  // The profile is one of the heavier pages (its language, consents and data cards load with it): a loaded machine
  // takes more than the default 5 s to show it.
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible({ timeout: 20_000 });
  // The interests and goals have loaded.
  await expect(profileForm(page).getByRole('button', { name: 'Artificial Intelligence' })).toBeVisible();
}

test.describe('editing the profile', () => {
  test.describe.configure({ mode: 'serial' });
  let account: TestAccount;
  let signedInState: string;
  // One account and one sign-in for the group (sign-ins are rate limited); the session-expiry test ends it, last.
  test.beforeAll(async ({ baseURL }, testInfo) => {
    testInfo.setTimeout(120_000); // the sign-in may wait for a slot (fixtures.ts)
    const request = await playwrightRequest.newContext({ baseURL });
    account = await createAccount(request, { prefix: 'profile', fullName: 'Ada Lovelace' });
    expect((await signInWithPassword(request, account.email, account.password)).status()).toBe(200);
    signedInState = testInfo.outputPath('signed-in.json');
    await request.storageState({ path: signedInState });
    await request.dispose();
  });
  // Playwright reads a fixture's dependencies from its first parameter, which must be a destructuring pattern.
  // eslint-disable-next-line no-empty-pattern
  test.use({ storageState: async ({}, use) => use(signedInState) });

  test('shows the spec messages under "Validation Error", then saves every field', async ({ page }) => {
    await openProfile(page);
    await expect(page.getByText('Level 1: Novice')).toBeVisible();
    await expect(page.getByText('100 points to Level 2')).toBeVisible();
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await settledA11yViolations(page)).toEqual([]);

    const form = profileForm(page);
    const save = form.getByRole('button', { name: 'Save Profile' });
    await form.getByLabel('Full Name').fill('');
    await save.click();
    await expect(toast(page, 'Validation Error')).toContainText('Name is required');
    await expect(form.getByText('Name is required')).toBeVisible();

    await form.getByLabel('Full Name').fill('Ada King, Countess of Lovelace');
    await save.click();
    await expect(toast(page, 'Validation Error')).toContainText('Company/School/University is required');

    await form.getByLabel('Company/School/University').fill('Analytical Engines Ltd');
    await save.click();
    await expect(toast(page, 'Validation Error')).toContainText('Please select at least one professional interest');

    await form.getByRole('button', { name: 'Artificial Intelligence' }).click();
    await form.getByRole('button', { name: 'Data Science' }).click();
    await expect(form.getByRole('button', { name: 'Data Science' })).toHaveAttribute('aria-pressed', 'true');
    await save.click();
    await expect(toast(page, 'Validation Error')).toContainText('Please select at least one networking goal');
    await form.getByRole('button', { name: 'Find a mentor' }).click();

    await form.getByLabel('LinkedIn URL').fill('https://example.com/in/ada');
    await save.click();
    await expect(toast(page, 'Validation Error')).toContainText('LinkedIn URL must be from linkedin.com domain');
    await form.getByLabel('LinkedIn URL').fill('linkedin.com/in/ada');
    await save.click();
    await expect(form.getByText('LinkedIn URL must be a valid HTTP/HTTPS URL')).toBeVisible();
    await form.getByLabel('LinkedIn URL').fill('https://www.linkedin.com/in/ada');
    await form.getByLabel('GitHub URL').fill('https://github.com/ada');
    await form.getByRole('switch').nth(1).click();

    await form.getByRole('combobox', { name: 'User Type' }).click();
    await page.getByRole('option', { name: 'Academic/Researcher' }).click();
    await form.getByLabel('Bio').fill('Wrote the first program.');
    await expect(form.getByText('24/2,000')).toBeVisible();
    await save.click();
    await expect(toast(page, 'Success')).toContainText('Profile updated successfully');

    await page.reload();
    await expect(profileForm(page).getByLabel('Full Name')).toHaveValue('Ada King, Countess of Lovelace');
    await expect(profileForm(page).getByRole('combobox', { name: 'User Type' })).toHaveText('Academic/Researcher');
    const me = (await (await page.request.get('/api/me')).json()) as { profile: Record<string, unknown> };
    expect(me.profile).toMatchObject({
      fullName: 'Ada King, Countess of Lovelace',
      userType: 'academic_researcher',
      companyOrInstitution: 'Analytical Engines Ltd',
      selectedInterests: ['Artificial Intelligence', 'Data Science'],
      selectedGoals: ['Find a mentor'],
      bio: 'Wrote the first program.',
      linkedinUrl: 'https://www.linkedin.com/in/ada',
      githubUrl: 'https://github.com/ada',
      showLinkedin: true,
      showGithub: false,
    });
  });

  test('uploads a picture, refuses other types and sizes, and removes it', async ({ page }) => {
    await openProfile(page);
    const file = page.getByLabel('Profile picture file');

    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#5b3fd9' } }).png().toBuffer();
    await file.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await expect(toast(page, 'Profile picture updated')).toBeVisible();
    const picture = page.locator('main').getByRole('img', { name: 'Ada King, Countess of Lovelace' }).first();
    await expect(picture).toHaveAttribute('src', /^\/files\/avatars\/[0-9a-f-]+\.webp$/);

    await file.setInputFiles({ name: 'anim.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await expect(toast(page, 'Invalid file type')).toContainText('Please select a JPG, PNG, or WebP image');
    await file.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 1) });
    await expect(toast(page, 'File too large')).toContainText('Image size must be less than 5MB');

    await page.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove picture' }).click();
    await expect(toast(page, 'Profile picture removed')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove' })).toHaveCount(0);
  });

  test('shows "Your Secure QR Code" and regenerates it', async ({ page }) => {
    await openProfile(page);
    await page.getByRole('button', { name: 'My QR Code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your Secure QR Code' });
    const image = dialog.getByRole('img', { name: 'Your personal QR code' });
    await expect(image).toBeVisible();
    await expect(image).toHaveAttribute('width', '300');
    await expect(toast(page, 'QR code generated')).toContainText('Valid for 24 hours');
    await expect(dialog.getByText('24 hours')).toBeVisible();
    const preview = dialog.getByTestId('qr-token-preview');
    await expect(preview).toHaveText(/^[A-Za-z0-9_-]{12}…$/);
    const first = await preview.textContent();
    expect(await settledA11yViolations(page)).toEqual([]);

    await dialog.getByRole('button', { name: 'Regenerate QR Code' }).click();
    await expect(preview).not.toHaveText(first!);
    await expect(preview).toHaveText(/^[A-Za-z0-9_-]{12}…$/);
    const me = (await (await page.request.get('/api/me')).json()) as { profile: { qrTokenExpiresAt: string } };
    expect(Date.parse(me.profile.qrTokenExpiresAt) - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
  });

  test('lists the devices signed in and signs the others out', async ({ page, baseURL }) => {
    // Another device: a context of its own (an empty storage state, not the group's signed-in one).
    const otherDevice = await playwrightRequest.newContext({
      baseURL,
      storageState: { cookies: [], origins: [] },
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 Safari/604.1',
    });
    const otherSignIn = await signInWithPassword(otherDevice, account.email, account.password);
    expect(otherSignIn.status(), await otherSignIn.text()).toBe(200);
    await openProfile(page);
    const devices = page.getByRole('list', { name: 'Devices signed in' });
    await expect(devices.getByText('This device')).toBeVisible();
    await expect(devices.getByText('Safari on iPhone')).toBeVisible();
    expect(await horizontalOverflow(page)).toBe(0);

    await page.getByRole('button', { name: 'Sign out other devices' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sign out other devices' }).click();
    await expect(toast(page, 'Signed out other devices')).toBeVisible();
    await expect(devices.getByRole('listitem')).toHaveCount(1);
    expect((await otherDevice.get('/api/me')).status()).toBe(401);
    await otherDevice.dispose();
  });

  test('sends an expired session to sign in, and brings the unsaved edit back afterwards', async ({ page, baseURL }) => {
    await openProfile(page);
    const form = profileForm(page);
    await form.getByLabel('Company/School/University').fill('Difference Engines plc');
    // The session ends elsewhere (signed out from another device, or expired).
    const signOut = await page.request.post('/api/auth/sign-out', { data: {}, headers: { origin: baseURL! } });
    expect(signOut.status()).toBe(200);
    await form.getByRole('button', { name: 'Save Profile' }).click();

    await expect(page).toHaveURL(/\/auth\?returnTo=%2Fprofile$/);
    await expect(toast(page, 'Session expired')).toBeVisible();
    const panel = page.getByRole('tabpanel', { name: 'Sign In' });
    await panel.getByLabel('Email').fill(account.email);
    await panel.getByLabel('Password', { exact: true }).fill(account.password);
    await waitForSignInSlot();
    await panel.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('dialog', { name: 'Understanding User Roles' }).getByRole('button', { name: 'Continue to Dashboard' }).click();

    // Back where they were, with what they typed.
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByText('We restored changes you had not saved yet.')).toBeVisible();
    await expect(profileForm(page).getByLabel('Company/School/University')).toHaveValue('Difference Engines plc');
    await profileForm(page).getByRole('button', { name: 'Save Profile' }).click();
    await expect(toast(page, 'Success')).toContainText('Profile updated successfully');
  });
});

test('changes the password with the spec messages, and clears the fields', async ({ page }) => {
  const account = await createAccount(page.request, { prefix: 'password' });
  await signInAccount(page, account);
  await openProfile(page);
  const card = page.getByRole('form', { name: 'Change Password' });
  const submit = card.getByRole('button', { name: 'Update Password' });

  await submit.click();
  await expect(card.getByText('Current password is required')).toBeVisible();
  await expect(card.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(card.getByText('Please confirm your password')).toBeVisible();

  await card.getByLabel('Current password').fill('not-my-password');
  await card.getByLabel('New password', { exact: true }).fill('a-better-password');
  await card.getByLabel('Confirm new password').fill('a-different-one');
  await submit.click();
  await expect(card.getByText("Passwords don't match")).toBeVisible();

  await card.getByLabel('Confirm new password').fill('a-better-password');
  await submit.click();
  await expect(card.getByText('Current password is incorrect')).toBeVisible();

  await card.getByLabel('Current password').fill(account.password);
  await submit.click();
  await expect(toast(page, 'Success')).toContainText('Password updated successfully');
  for (const label of ['Current password', 'Confirm new password']) await expect(card.getByLabel(label)).toHaveValue('');
  await expect(card.getByLabel('New password', { exact: true })).toHaveValue('');
  expect(await settledA11yViolations(page)).toEqual([]);

  const request = await playwrightRequest.newContext({ baseURL: page.url() });
  expect((await signInWithPassword(request, account.email, 'a-better-password')).status()).toBe(200);
  await request.dispose();
});

test('turns on two-factor with an authenticator app, which sign-in then asks for', async ({ page }) => {
  const account = await createAccount(page.request, { prefix: 'totp' });
  await signInAccount(page, account);
  await openProfile(page);
  await page.getByRole('button', { name: 'Set up' }).click();
  const setup = page.getByRole('dialog', { name: 'Set up two-factor authentication' });
  await setup.getByLabel('Password').fill(account.password);
  await setup.getByRole('button', { name: 'Continue' }).click();

  const scan = page.getByRole('dialog', { name: 'Scan with your authenticator app' });
  await expect(scan.getByRole('img', { name: 'QR code to add Mingle to your authenticator app' })).toBeVisible();
  const secret = (await scan.locator('code').first().textContent())!.replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]+$/);
  expect(await settledA11yViolations(page)).toEqual([]);
  await scan.getByLabel('Code from the app').fill(totpCode(secret));
  await scan.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(toast(page, 'Two-factor authentication is on')).toBeVisible();
  await expect(page.getByText('On', { exact: true })).toBeVisible();
  // The toast sits over the laptop header's Sign Out (top right), and a pointer over a toast holds it open: clicking
  // Sign Out while it shows would wait on a toast that never leaves. Let it go first, as a person would.
  await expect(toast(page, 'Two-factor authentication is on')).toBeHidden({ timeout: 15_000 });

  // Sign out from the header (the app's one header: a button on a laptop, the menu on a phone), then sign in again:
  // the code is asked for.
  const menu = page.getByRole('banner').getByRole('button', { name: /^Menu/ });
  if (await menu.isVisible()) {
    await menu.click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  } else {
    await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
  }
  await expect(toast(page, 'Signed Out')).toContainText('You have been signed out successfully.');
  await page.goto('/auth');
  const panel = page.getByRole('tabpanel', { name: 'Sign In' });
  await panel.getByLabel('Email').fill(account.email);
  await panel.getByLabel('Password', { exact: true }).fill(account.password);
  await waitForSignInSlot();
  await panel.getByRole('button', { name: 'Sign In', exact: true }).click();
  const code = panel.getByLabel('Authentication code');
  await expect(code).toBeVisible();
  expect(await settledA11yViolations(page)).toEqual([]);
  await code.fill(totpCode(secret));
  await panel.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('dialog', { name: 'Understanding User Roles' })).toBeVisible();
});
