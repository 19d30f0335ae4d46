import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;
// The browser tests sign the same demo accounts in many times a minute from 127.0.0.1: the test server allows more
// sign-ins per account than production's 10 (the API tests check the real limits, decision 0082). The web server and
// the fixtures' pacing both read this.
process.env.SIGN_IN_RATE_LIMIT ??= '300';
process.env.SIGN_IN_RATE_LIMIT_PER_IP ??= '3000';
// Likewise the specs create many accounts from one address: sign-up codes per address per hour (300 in production).
process.env.SIGNUP_CODES_PER_IP ??= '1000';
// Webhooks go to a receiver the spec starts on 127.0.0.1 (issue 21): the operator's setting that allows private networks.
process.env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS ??= 'true';
// And its retries quick: two tries a delivery, 0.2 s apart, so that a failing endpoint is turned off within seconds.
process.env.WEBHOOKS_RETRY_BASE_SECONDS ??= '0.2';
process.env.WEBHOOKS_MAX_ATTEMPTS ??= '2';

const PHONE_SPECS = [
  'access',
  'accessibility',
  'agenda',
  'door-check-in',
  'feed',
  'languages-common',
  'meetings',
  'messages',
  'navigation',
  'networking',
  'notifications',
  'offline',
  'profile',
  'qa',
  'sponsors',
];

/**
 * Browser tests in Debian's Chromium against the production build, on a fresh data directory with demo data.
 * The server is started here (scripts/e2e-server.mjs), never a downloaded browser.
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // CI stops a run that has gone wrong while there is time to report it (40 failed tries: retries count, and a loaded
  // machine fails a few that pass again): CI gives the whole of `npm test` 90 minutes,
  // and a run that fails everything (a broken build, state leaking between specs) would otherwise spend them all on
  // timeouts and retries and end with no summary. The names of the failures are what the next person needs.
  maxFailures: process.env.CI ? 40 : 0,
  globalTimeout: process.env.CI ? 75 * 60_000 : 0,
  // npm test runs these beside the API suites on a two-core machine (decision 0165): a flow with two password sign-ins
  // and a two-factor setup took over 30 s there while it takes 15 s alone.
  timeout: 60_000,
  // And an expectation waits up to 10 s there, not Playwright's 5: most failures of the CI of 26 November were 5-second
  // expects on a loaded machine that pass alone. A real failure only costs the extra seconds.
  expect: { timeout: process.env.CI ? 10_000 : 5_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL,
    // Recorded on a failed test's retry only: recording every first try (DOM snapshots at each action) cost about a
    // fifth of the suite's time (decision 0165), and a test that fails twice still leaves its trace.
    trace: 'on-first-retry',
    // The app's service worker precaches the whole build (about 2 MB) in every new context: only the specs about it
    // (offline, push) let it run, so that the others' pages don't share the server with 236 downloads.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [
    { name: 'laptop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
    // The phone runs what people do on a phone in the hall and at the door: signing in and moving around, the agenda
    // and My Schedule, meetings, messages, networking, the feed, Q&A, sponsor booths, notifications, the profile and
    // its QR code, check-in at the door, offline, the keyboard and landmarks, and the header's language menu. The
    // organizers' and operators' desk work (creating and configuring events, invitations, registrations and imports,
    // analytics, API keys, badges, webhooks, exports, the dashboards of managers and super admins) and the per-area
    // language checks are the laptop's: the same server rules, on the viewport they are used on (decision 0165).
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } },
      testMatch: PHONE_SPECS.map((name) => `**/${name}.spec.ts`),
    },
  ],
  webServer: {
    command: `node scripts/e2e-server.mjs ${port}`,
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
  },
});
