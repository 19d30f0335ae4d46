import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { apiAs, createEventAs, dashboardCard, expect, horizontalOverflow, settledA11yViolations, shotInto, test, toast, useSessionOf } from './fixtures.ts';

// Issue 21, webhooks: an organizer adds an endpoint (a receiver this spec runs on 127.0.0.1; the test server allows
// private networks), reveals its secret, sends a test ping, sees it delivered in the log; the receiver verifies the
// signature with the secret the page showed.

const SLOW = 20_000;
const shot = (page: Page, name: string) => shotInto('/tmp/shots-webhooks', page, name);

test.describe('webhooks', () => {
  test.describe.configure({ timeout: 120_000 });
  test.use({ contextOptions: { reducedMotion: 'reduce' } });

  test('add an endpoint, send a test ping, see it delivered and verify its signature', async ({ page, playwright, baseURL }) => {
    const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
    let failing = false;
    const receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        response.writeHead(failing ? 503 : 204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/mingle`;
    try {
      await useSessionOf(page, 'owner');
      const owner = await apiAs(playwright, baseURL!, 'owner');
      const event = await createEventAs(owner, { name: `Hooks Summit ${randomUUID().slice(0, 6)}` });

      // From the event's menu on the dashboard, where the door is.
      await page.goto('/dashboard');
      const card = await dashboardCard(page, event.name);
      await card.getByRole('button', { name: `Manage ${event.name}` }).click();
      await page.getByRole('menuitem', { name: 'Webhooks' }).click();
      await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible({ timeout: SLOW });
      await expect(page.getByText('No webhook endpoints yet')).toBeVisible();

      await page.getByRole('button', { name: 'Add endpoint' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add endpoint' });
      await dialog.getByLabel('Endpoint URL').fill(url);
      await dialog.getByLabel('Description').fill('Badge printer');
      await dialog.getByRole('button', { name: 'Add endpoint' }).click();
      await expect(toast(page, 'Choose at least one event type')).toBeVisible();
      await dialog.getByRole('checkbox', { name: /Checked in at the door/ }).check();
      await dialog.getByRole('checkbox', { name: /Registration created/ }).check();
      await dialog.getByRole('button', { name: 'Add endpoint' }).click();
      await expect(toast(page, 'Endpoint added')).toBeVisible();
      await expect(dialog).toBeHidden();

      const endpoint = page.getByText(url, { exact: true });
      await expect(endpoint).toBeVisible();
      await expect(page.getByText('Enabled', { exact: true })).toBeVisible();
      await expect(page.getByLabel('Event types')).toContainText('Checked in at the door');

      await page.getByRole('button', { name: 'Reveal' }).click();
      const secret = page.getByTestId('webhook-secret');
      await expect(secret).toHaveText(/^whsec_[A-Za-z0-9+/]+=*$/);
      const secretText = (await secret.textContent())!;

      await page.getByRole('button', { name: 'Send test ping' }).click();
      await expect(toast(page, 'Test ping sent')).toBeVisible();
      const log = page.getByRole('list', { name: 'Deliveries' });
      await expect(log.getByRole('listitem').first()).toContainText('Test ping');
      await expect(log.getByRole('listitem').first()).toContainText('Delivered', { timeout: SLOW });
      await expect(log.getByRole('listitem').first()).toContainText('204');

      expect(received).toHaveLength(1);
      const [ping] = received;
      expect(new Webhook(secretText).verify(ping!.body, ping!.headers as Record<string, string>)).toMatchObject({
        type: 'ping',
        data: { eventId: event.id },
      });

      expect(await settledA11yViolations(page)).toEqual([]);
      expect(await horizontalOverflow(page)).toBe(0);
      await shot(page, `webhooks-${test.info().project.name}`);
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      await shot(page, `webhooks-dialog-${test.info().project.name}`);
      await page.keyboard.press('Escape');

      // The receiver goes down: five deliveries fail every try, the endpoint is turned off and says so, with Enable.
      failing = true;
      const list = (await (await owner.get(`/api/events/${event.id}/webhooks`)).json()) as { items: Array<{ id: string }> };
      const endpointId = list.items[0]!.id;
      for (let n = 0; n < 5; n += 1) expect((await owner.post(`/api/events/${event.id}/webhooks/${endpointId}/ping`)).status()).toBe(202);
      await expect
        .poll(async () => ((await (await owner.get(`/api/events/${event.id}/webhooks`)).json()) as { items: Array<{ enabled: boolean }> }).items[0]!.enabled, {
          timeout: 45_000,
        })
        .toBe(false);
      await page.reload();
      await expect(page.getByText('Disabled: failing')).toBeVisible({ timeout: SLOW });
      await expect(page.getByRole('alert').filter({ hasText: 'deliveries in a row failed' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Send test ping' })).toBeHidden();
      await shot(page, `webhooks-disabled-${test.info().project.name}`);
      failing = false;
      await page.getByRole('button', { name: 'Enable' }).click();
      await expect(toast(page, 'Endpoint enabled')).toBeVisible();
      await expect(page.getByText('Enabled', { exact: true })).toBeVisible();
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });
});
