import { createHmac, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext } from '@playwright/test';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'mingle-demo';
export const DEMO_USERS = {
  admin: 'admin@example.com',
  owner: 'owner@example.com',
  volunteer: 'volunteer@example.com',
  attendee: 'attendee@example.com',
  staff: 'staff@example.com',
} as const;
export type DemoRole = keyof typeof DEMO_USERS;

/** Signs the page's browser context in as a demo account, through the real sign-in endpoint. */
export async function signInAs(page: Page, role: DemoRole): Promise<void> {
  const response = await signInWithPassword(page.request, DEMO_USERS[role], DEMO_PASSWORD);
  expect(response.status(), `sign-in as ${role}`).toBe(200);
}

/** Serious and critical accessibility violations on the page as it is now. */
export async function seriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.length})`);
}

/** A page already signed in as each role: `test('…', async ({ ownerPage }) => …)`. */
// The demo accounts are shared by every spec, and a language picked in one (the languages specs) is kept on the
// account, which a device without a choice of its own follows after sign-in (decision 0184). Every context an English
// browser opens (the test's own and those a test makes) therefore starts with English chosen on the device, unless the
// test picks another; a browser in another locale still detects its own.
const ENGLISH_ON_THIS_DEVICE =
  "if (!localStorage.getItem('mingle.language') && navigator.language.startsWith('en')) localStorage.setItem('mingle.language', 'en');";

/** For a context of a browser the test launches itself (a fake camera is a launch option), which the fixture can't patch. */
export const startInEnglish = (context: BrowserContext) => context.addInitScript(ENGLISH_ON_THIS_DEVICE);

const withEnglishDevices = base.extend<object, { englishDevices: void }>({
  englishDevices: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        await context.addInitScript(ENGLISH_ON_THIS_DEVICE);
        return context;
      };
      await use();
    },
    { scope: 'worker', auto: true },
  ],
});

export const test = withEnglishDevices.extend<Record<`${DemoRole}Page`, Page>>({
  context: async ({ context }, use) => {
    await context.addInitScript(ENGLISH_ON_THIS_DEVICE);
    await use(context);
  },
  adminPage: async ({ page }, use) => {
    await signInAs(page, 'admin');
    await use(page);
  },
  ownerPage: async ({ page }, use) => {
    await signInAs(page, 'owner');
    await use(page);
  },
  volunteerPage: async ({ page }, use) => {
    await signInAs(page, 'volunteer');
    await use(page);
  },
  attendeePage: async ({ page }, use) => {
    await signInAs(page, 'attendee');
    await use(page);
  },
  staffPage: async ({ page }, use) => {
    await signInAs(page, 'staff');
    await use(page);
  },
});

export { expect };

// ---------------------------------------------------------------------------------------------------------------
// Sign-in pacing. The server allows SIGN_IN_RATE_LIMIT password sign-ins per account a minute (10 by default; the
// browser test server is started with the limit playwright.config.ts sets, and a much higher ceiling per address).
// Pacing counts all sign-ins together, the safe side, until 60 s pass without one, and every test signs in from this machine:
// specs that sign in often wait for a free slot instead of failing with 429. The ledger mirrors the server's counter
// in a file, so the laptop and phone projects (and any worker) share it; one file per test server port.

const SIGN_IN_SLOTS = Number(process.env.SIGN_IN_RATE_LIMIT ?? 10) - 1;
const SIGN_IN_QUIET_MS = 61_000;
const ledgerFile = path.join(tmpdir(), `mingle-e2e-sign-ins-${process.env.E2E_PORT ?? 3100}.json`);

function readLedger(): { count: number; last: number } {
  try {
    return JSON.parse(readFileSync(ledgerFile, 'utf8')) as { count: number; last: number };
  } catch {
    return { count: 0, last: 0 };
  }
}

/** Waits until one more sign-in fits in the server's window, and counts it. Call before any sign-in. */
export async function waitForSignInSlot(): Promise<void> {
  for (;;) {
    const { count, last } = readLedger();
    const now = Date.now();
    if (now - last >= SIGN_IN_QUIET_MS) {
      writeFileSync(ledgerFile, JSON.stringify({ count: 1, last: now }));
      return;
    }
    if (count < SIGN_IN_SLOTS) {
      writeFileSync(ledgerFile, JSON.stringify({ count: count + 1, last: now }));
      return;
    }
    // Not polling: the server's sign-in window only opens with time, and the ledger says exactly when.
    await new Promise((resolve) => setTimeout(resolve, last + SIGN_IN_QUIET_MS - now));
  }
}

/** POST /api/auth/sign-in/email within the sign-in budget, waiting out a 429 once if another client used it. */
export async function signInWithPassword(request: APIRequestContext, email: string, password: string) {
  await waitForSignInSlot();
  let response = await request.post('/api/auth/sign-in/email', { data: { email, password } });
  if (response.status() === 429) {
    const seconds = Number(response.headers()['x-retry-after'] ?? 60);
    // Not polling: a retry before the window the server names would only be refused again.
    await new Promise((resolve) => setTimeout(resolve, (seconds + 1) * 1000));
    await waitForSignInSlot();
    response = await request.post('/api/auth/sign-in/email', { data: { email, password } });
  }
  return response;
}

// ---------------------------------------------------------------------------------------------------------------
// Accounts of a test's own, for tests that change credentials or profiles (never a demo account's).

export interface TestAccount {
  email: string;
  password: string;
  fullName: string;
}

/** A unique company email no other test uses. */
export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${randomUUID().slice(0, 10)}@acme-e2e.com`;
}

/** The newest development-mailbox message to `to` matching `pattern` (polled: mail is written as it is sent). */
export async function mailTo(request: APIRequestContext, to: string, pattern: RegExp): Promise<{ subject: string; text: string }> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const response = await request.get('/api/dev/mailbox');
    const { messages } = (await response.json()) as { messages: Array<{ to: string; subject: string; text: string }> };
    const message = messages.find((candidate) => candidate.to === to && pattern.test(candidate.text));
    if (message) return message;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail to ${to} matching ${pattern}`);
}

/** The 6-digit sign-up code last mailed to `email`. */
export async function signUpCodeFor(request: APIRequestContext, email: string): Promise<string> {
  const message = await mailTo(request, email, /verification code is \d{6}/);
  // From the subject: the body greets the person by name first, and a random test name may hold six digits.
  return message.subject.match(/\b(\d{6})\b/)![1]!;
}

/** Creates an account through the real sign-up flow (code from the mailbox, terms accepted); not signed in. */
export async function createAccount(request: APIRequestContext, options: { prefix?: string; fullName?: string } = {}): Promise<TestAccount> {
  const account = { email: uniqueEmail(options.prefix), password: `pw-${randomUUID().slice(0, 12)}`, fullName: options.fullName ?? 'Edith Clarke' };
  const sent = await request.post('/api/signup/code', { data: account });
  expect(sent.status(), 'sign-up code').toBe(200);
  const verified = await request.post('/api/signup/verify', {
    data: { email: account.email, code: await signUpCodeFor(request, account.email), password: account.password },
  });
  expect(verified.status(), 'sign-up verify').toBe(200);
  const { verificationToken } = (await verified.json()) as { verificationToken: string };
  const created = await request.post('/api/signup/complete', {
    data: { email: account.email, verificationToken, acceptTerms: true },
  });
  expect(created.status(), 'sign-up complete').toBe(201);
  return account;
}

/** Signs the page's browser context in as `account` through the real endpoint. */
export async function signInAccount(page: Page, account: Pick<TestAccount, 'email' | 'password'>): Promise<void> {
  const response = await signInWithPassword(page.request, account.email, account.password);
  expect(response.status(), `sign-in as ${account.email}`).toBe(200);
}

/** The current RFC 6238 code of a base32 secret, as an authenticator app shows it. */
export function totpCode(base32Secret: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of base32Secret.replace(/[\s=]/g, '').toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const digest = createHmac('sha1', key).update(counter).digest();
  const offset = digest[digest.length - 1]! & 0xf;
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

// ---------------------------------------------------------------------------------------------------------------
// Sessions kept between tests (events and agenda specs): a demo account signs in once per test run and its session
// cookie is reused, checked with /api/me first, so the specs stay well inside the sign-in budget above.

const sessionCookies = new Map<DemoRole, Awaited<ReturnType<BrowserContext['cookies']>>>();

async function sessionFor(role: DemoRole, request: APIRequestContext, reuse: () => Promise<void>, save: () => Promise<void>) {
  if (sessionCookies.has(role)) {
    await reuse();
    if ((await request.get('/api/me')).ok()) return;
  }
  const response = await signInWithPassword(request, DEMO_USERS[role], DEMO_PASSWORD);
  expect(response.status(), `sign-in as ${role}`).toBe(200);
  await save();
}

/** Signs a page's browser context in as a demo account, reusing that account's session of an earlier test. */
export async function useSessionOf(page: Page, role: DemoRole): Promise<void> {
  const context = page.context();
  await sessionFor(
    role,
    context.request,
    () => context.addCookies(sessionCookies.get(role)!),
    async () => void sessionCookies.set(role, await context.cookies()),
  );
}

/**
 * An API client signed in as a demo account, apart from the page's browser context: for setting up data as one
 * role while the page acts as another. Writes carry our Origin, as a browser's would (the CSRF check).
 */
export async function apiAs(
  playwright: { request: { newContext: (options: object) => Promise<APIRequestContext> } },
  baseURL: string,
  role: DemoRole,
) {
  const cookies = sessionCookies.get(role);
  const api = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL },
    ...(cookies ? { storageState: { cookies, origins: [] } } : {}),
  });
  await sessionFor(
    role,
    api,
    async () => undefined,
    async () => void sessionCookies.set(role, (await api.storageState()).cookies),
  );
  return api;
}

/** A new event owned by the demo owner, starting in a week, with a unique name; answers the API's event. */
export async function createEventAs(
  api: APIRequestContext,
  patch: Record<string, unknown> = {},
): Promise<{ id: string; slug: string; name: string }> {
  const start = Date.now() + 7 * 24 * 3_600_000;
  const response = await api.post('/api/events', {
    data: {
      name: `E2E Event ${Math.random().toString(36).slice(2, 8)}`,
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 2 * 24 * 3_600_000).toISOString(),
      eventType: 'hybrid',
      location: 'Test Hall',
      ...patch,
    },
  });
  expect(response.status()).toBe(201);
  return response.json();
}

/**
 * An event's card on the dashboard's All Events tab (the page must be on it), paging with "Load more events" until it
 * is there: the list is ordered by start date, 24 to a page, and the demo owner owns every event the specs create.
 */
export async function dashboardCard(page: Page, eventName: string) {
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: eventName, exact: true }) });
  const more = page.getByRole('button', { name: 'Load more events' });
  await expect(page.getByRole('article').first()).toBeVisible({ timeout: 15_000 });
  // The list first shows what it held before (an event just created is not in it yet) while it refreshes, and the
  // refreshed list may end a page later: so look again, paging on when the button is there, until the card is in.
  await expect(async () => {
    if ((await card.count()) > 0) return;
    if ((await more.isVisible()) && (await more.isEnabled())) await more.click();
    throw new Error(`"${eventName}" is not on the dashboard yet`);
  }).toPass({ timeout: 45_000, intervals: [250, 500, 1000] });
  return card;
}

/**
 * Serious accessibility violations once the page is still. A dialog fading in or a toast sliding in is half
 * transparent for a moment, which axe reports as low contrast; headless Chromium can leave such an animation
 * mid-way for seconds. Reduced motion (which our styles and sonner honour) finishes them at once.
 */
export async function settledA11yViolations(page: Page) {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  try {
    await page
      .waitForFunction("document.getAnimations().every((animation) => animation.playState !== 'running')", undefined, {
        timeout: 2000,
      })
      .catch(() => undefined); // an endless animation (a spinner) must not block the check
    return await seriousA11yViolations(page);
  } finally {
    await page.emulateMedia({ reducedMotion: null });
  }
}

/** How far the page is wider than the window (0 when nothing sticks out sideways, as on a phone it must be). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth') as Promise<number>;
}

/** A full-page screenshot from the top of the page, into `dir` as `{name}-{viewport width}.png`. */
export async function shotInto(dir: string, page: Page, name: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
}

/** The sonner toast that shows `title`. */
export const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title }).first();

/**
 * Waits for the toast that shows `title` to settle below the sticky header, clear of its buttons (Sign Out, the bell,
 * the menu). Polled: a toast slides in from above.
 */
export async function expectToastBelowHeader(page: Page, title: string): Promise<void> {
  const header = (await page.getByRole('banner').boundingBox())!;
  await expect.poll(async () => (await toast(page, title).boundingBox())?.y).toBeGreaterThanOrEqual(header.y + header.height);
}

/**
 * For the specs that pick a language on the shared demo accounts: after each test every demo account speaks English
 * again, so that the pages and the emails of the specs after it are in English (an account keeps its language and its
 * emails follow it, decisions 0184 and 0189).
 */
export function demoAccountsBackToEnglish(): void {
  test.afterEach(async ({ playwright, baseURL }) => {
    for (const role of Object.keys(DEMO_USERS) as DemoRole[]) {
      const api = await apiAs(playwright, baseURL!, role);
      expect((await api.put('/api/me/language', { data: { language: 'en' } })).status(), `English again for ${role}`).toBe(200);
      await api.dispose();
    }
  });
}
