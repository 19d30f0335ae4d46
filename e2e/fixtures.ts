import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

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
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email: DEMO_USERS[role], password: DEMO_PASSWORD },
  });
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
export const test = base.extend<Record<`${DemoRole}Page`, Page>>({
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
