import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import {
  createAccount,
  DEMO_PASSWORD,
  DEMO_USERS,
  expect,
  horizontalOverflow,
  mailTo,
  settledA11yViolations,
  signInAs,
  signUpCodeFor,
  test,
  toast,
  type DemoRole,
  uniqueEmail,
  waitForSignInSlot,
} from './fixtures.ts';

// Spec 01: /auth (sign in, sign up with the emailed code, terms, roles), /home's role redirect, password reset.

// Sign-ins are paced to the server's limit (fixtures.ts), which can make a test wait up to a minute.
test.describe.configure({ timeout: 120_000 });

const signInPanel = (page: Page) => page.getByRole('tabpanel', { name: 'Sign In' });
const signUpPanel = (page: Page) => page.getByRole('tabpanel', { name: 'Sign Up' });
async function openAuth(page: Page) {
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'Welcome to Mingle' })).toBeVisible();
}

async function fillSignUp(page: Page, fields: { fullName: string; email: string; password: string }) {
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const panel = signUpPanel(page);
  await panel.getByLabel('Full name').fill(fields.fullName);
  await panel.getByLabel('Company email').fill(fields.email);
  await panel.getByLabel('Password', { exact: true }).fill(fields.password);
  await panel.getByRole('button', { name: 'Sign Up' }).click();
}

async function signInThroughForm(page: Page, email: string, password: string) {
  const panel = signInPanel(page);
  await panel.getByLabel('Email').fill(email);
  await panel.getByLabel('Password', { exact: true }).fill(password);
  await waitForSignInSlot();
  await panel.getByRole('button', { name: 'Sign In', exact: true }).click();
}

test.describe('the auth screen', () => {
  test('shows the welcome card, the providers, the divider and both tabs, accessibly', async ({ page }) => {
    await openAuth(page);
    await expect(page.getByRole('button', { name: 'Continue with LinkedIn' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue with GitHub' })).toBeVisible();
    await expect(page.getByRole('separator', { name: 'Or' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await settledA11yViolations(page)).toEqual([]);
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await expect(signUpPanel(page).getByLabel('Company email')).toBeVisible();
    expect(await settledA11yViolations(page)).toEqual([]);
  });

  test('says clearly when LinkedIn or GitHub is not set up on the server', async ({ page }) => {
    await openAuth(page);
    await page.getByRole('button', { name: 'Continue with LinkedIn' }).click();
    await expect(toast(page, 'LinkedIn Sign In Error')).toBeVisible();
    await page.getByRole('button', { name: 'Continue with GitHub' }).click();
    await expect(toast(page, 'Failed to sign in with GitHub')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('signs up with a company email and the emailed code, accepts the terms, and lands in the app', async ({ page }) => {
    const email = uniqueEmail('signup');
    await openAuth(page);
    await fillSignUp(page, { fullName: 'Katherine Johnson', email, password: 'orbital-mechanics' });
    await expect(toast(page, 'OTP Sent')).toContainText('Please check your email for the verification code');
    const panel = signUpPanel(page);
    await expect(panel.getByText(email)).toBeVisible();
    // The count is of codes this address may still ask for this hour (5 in all, one just sent), not of wrong codes.
    await expect(panel.getByRole('button', { name: 'Resend Code (4 attempts left)' })).toBeEnabled();
    expect(await settledA11yViolations(page)).toEqual([]);

    await panel.getByLabel('Verification code').fill(await signUpCodeFor(page.request, email));
    await panel.getByRole('button', { name: 'Verify & Create Account' }).click();

    const terms = page.getByRole('dialog', { name: 'Terms and Conditions' });
    await expect(terms).toBeVisible();
    for (const section of [
      'Acceptance',
      'Data Sharing and Privacy',
      'User Responsibilities',
      'Event Registration',
      'Networking and Communications',
      'Sponsor Access',
      'Data Retention',
      'Modifications',
      'Contact',
    ]) {
      await expect(terms.getByRole('heading', { name: section })).toBeAttached();
    }
    const understood = terms.getByRole('checkbox', { name: 'I have read and understood' });
    const agree = terms.getByRole('checkbox', { name: 'I agree to share my details with event organizers and sponsors' });
    const accept = terms.getByRole('button', { name: 'Accept and Continue' });
    await expect(agree).toBeDisabled();
    await expect(accept).toBeDisabled();
    await understood.check();
    await expect(agree).toBeEnabled();
    await expect(accept).toBeDisabled();
    await agree.check();
    expect(await settledA11yViolations(page)).toEqual([]);
    await waitForSignInSlot();
    await accept.click();

    // Signed in at once: told the account exists, not to sign in (decision 0101).
    await expect(toast(page, 'Success!')).toContainText('Account created successfully.');
    await expect(page.getByText('You can now sign in.')).toHaveCount(0);
    // The welcome step first (skippable), then /home's role redirect: a new account is a registered_user.
    await expect(page).toHaveURL(/\/welcome$/);
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await expect(page).toHaveURL(/\/sponsors-networking$/);
    const me = (await (await page.request.get('/api/me')).json()) as { user: { email: string }; profile: { termsAcceptedAt: string | null } };
    expect(me.user.email).toBe(email);
    expect(me.profile.termsAcceptedAt).not.toBeNull();
  });

  test('refuses a personal email, counts wrong codes, resends, changes email, and declines the terms', async ({ page }) => {
    await openAuth(page);
    await fillSignUp(page, { fullName: 'Dorothy Vaughan', email: `dorothy-${randomUUID().slice(0, 6)}@gmail.com`, password: 'fortran-rules' });
    const panel = signUpPanel(page);
    await expect(panel.getByText('Please use a company email address. Personal email providers are not allowed.')).toBeVisible();
    await expect(panel.getByLabel('Verification code')).toHaveCount(0);

    const email = uniqueEmail('codes');
    await panel.getByLabel('Company email').fill(email);
    await panel.getByRole('button', { name: 'Sign Up' }).click();
    const codeInput = panel.getByLabel('Verification code');
    await expect(codeInput).toBeVisible();
    const code = await signUpCodeFor(page.request, email);

    // Digits only, six at most, while typing.
    await codeInput.pressSequentially('12ab3 4567');
    await expect(codeInput).toHaveValue('123456');
    await codeInput.fill('');
    await codeInput.pressSequentially('123');
    await panel.getByRole('button', { name: 'Verify & Create Account' }).click();
    await expect(panel.getByText('Please enter a valid 6-digit code')).toBeVisible();

    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await codeInput.fill(wrong);
    await panel.getByRole('button', { name: 'Verify & Create Account' }).click();
    await expect(panel.getByText('Invalid verification code. 9 attempts left.')).toBeVisible();
    // A wrong code does not use up a resend.
    await expect(panel.getByRole('button', { name: 'Resend Code (4 attempts left)' })).toBeVisible();

    // Resend clears the code and the error and sends a new one, with fresh attempts (decision 0080); one resend fewer.
    await panel.getByRole('button', { name: /Resend Code/ }).click();
    await expect(codeInput).toHaveValue('');
    await expect(panel.getByText(/attempts left\.$/)).toHaveCount(0);
    await expect(panel.getByRole('button', { name: 'Resend Code (3 attempts left)' })).toBeVisible();

    // Change Email goes back to step 1 with the name kept.
    await panel.getByRole('button', { name: 'Change Email' }).click();
    await expect(panel.getByLabel('Full name')).toHaveValue('Dorothy Vaughan');
    await panel.getByRole('button', { name: 'Sign Up' }).click();
    await expect(codeInput).toBeVisible();

    await codeInput.fill(await signUpCodeFor(page.request, email));
    await panel.getByRole('button', { name: 'Verify & Create Account' }).click();
    const terms = page.getByRole('dialog', { name: 'Terms and Conditions' });
    await terms.getByRole('button', { name: 'Decline' }).click();
    await expect(terms).toBeHidden();
    await expect(toast(page, 'Terms Declined')).toContainText('You must accept the terms to create an account');
    await expect(panel.getByLabel('Full name')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('signs in, tells a wrong password, and explains the roles before the dashboard', async ({ page }) => {
    await openAuth(page);
    await signInThroughForm(page, DEMO_USERS.attendee, 'not-the-password');
    await expect(toast(page, 'Sign In Error')).toContainText('Invalid email or password');

    await signInThroughForm(page, DEMO_USERS.attendee, DEMO_PASSWORD);
    const roles = page.getByRole('dialog', { name: 'Understanding User Roles' });
    await expect(roles).toBeVisible();
    for (const role of ['Event Owner', 'Event Volunteer', 'Event Co-Owner', 'Registered User (Participant)']) {
      await expect(roles.getByRole('heading', { name: role })).toBeVisible();
    }
    expect(await settledA11yViolations(page)).toEqual([]);
    await roles.getByRole('button', { name: 'Continue to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // Signed in now: /auth sends the visitor on to the dashboard, and a reload keeps the session.
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.reload();
    expect((await page.request.get('/api/me')).status()).toBe(200);
  });

  test('takes a super admin straight to the dashboard', async ({ page }) => {
    await openAuth(page);
    await signInThroughForm(page, DEMO_USERS.admin, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('dialog', { name: 'Understanding User Roles' })).toHaveCount(0);
  });

  test('resets a forgotten password through the emailed link', async ({ page }) => {
    const account = await createAccount(page.request, { prefix: 'reset' });
    await openAuth(page);
    await signInPanel(page).getByLabel('Email').fill(account.email);
    await signInPanel(page).getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset your password' });
    await expect(dialog.getByLabel('Email')).toHaveValue(account.email);
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('dialog', { name: 'Check your email' })).toBeVisible();

    const mail = await mailTo(page.request, account.email, /reset-password/);
    const link = mail.text.match(/https?:\/\/\S+/)![0];
    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(page).toHaveURL(/\/reset-password\?token=/);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    expect(await settledA11yViolations(page)).toEqual([]);

    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm new password').fill('different');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('a-brand-new-password');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText("Passwords don't match")).toBeVisible();
    await page.getByLabel('Confirm new password').fill('a-brand-new-password');
    await page.getByRole('button', { name: 'Reset Password' }).click();

    await expect(page).toHaveURL(/\/auth$/);
    await signInThroughForm(page, account.email, 'a-brand-new-password');
    await expect(page.getByRole('dialog', { name: 'Understanding User Roles' })).toBeVisible();

    // The link works once.
    await page.goto('/reset-password?error=INVALID_TOKEN');
    await expect(page.getByRole('heading', { name: 'This link has expired' })).toBeVisible();
  });
});

test.describe('/home', () => {
  test('sends a visitor to sign in', async ({ page }) => {
    await page.goto('/home');
    await expect(page).toHaveURL(/\/auth\?returnTo=%2Fhome$/);
  });

  const targets: Array<[DemoRole, string]> = [
    ['admin', '/super-admin-dashboard'],
    ['owner', '/event-manager-dashboard'],
    ['volunteer', '/volunteer-dashboard'],
    ['attendee', '/sponsors-networking'],
    ['staff', '/sponsors-networking'],
  ];
  for (const [role, target] of targets) {
    test(`redirects ${role} to ${target}, replacing the history entry`, async ({ page }) => {
      await page.goto('/');
      await signInAs(page, role);
      await page.goto('/home');
      await expect(page).toHaveURL(new RegExp(`${target}$`));
      // /home replaced itself: Back returns to the page before it.
      await page.goBack();
      await expect(page).toHaveURL(/\/$/);
    });
  }
});
