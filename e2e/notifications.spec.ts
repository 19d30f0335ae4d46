import type { Browser, Page } from '@playwright/test';
import { apiAs, createAccount, createEventAs, expect as baseExpect, settledA11yViolations, signInAccount, test, toast } from './fixtures.ts';

// A live announcement crosses the server and a second browser: on a busy machine that takes seconds.
const expect = baseExpect.configure({ timeout: 15_000 });
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/shots-notifications/${name}-${page.viewportSize()?.width ?? 0}.png` });

// Issue 19, "In the app": the bell counts a meeting request live, the moment another browser sends it; its panel
// leads to the request; "Mark all as read" empties the count in every tab; and a kind switched off in the profile's
// preferences writes no notification at all.

/** A browser of its own, signed in as a fresh account who attends `eventId` (the same viewport as the test's). */
async function attendeeIn(browser: Browser, like: Page, fullName: string, owner: Awaited<ReturnType<typeof apiAs>>, eventId: string, baseURL: string) {
  const context = await browser.newContext({ reducedMotion: 'reduce', viewport: like.viewportSize() ?? undefined });
  const page = await context.newPage();
  const account = await createAccount(context.request, { prefix: 'bell', fullName });
  await signInAccount(page, account);
  expect((await owner.post('/api/invitations', { data: { eventId, emails: [account.email] } })).status()).toBe(200);
  const { invitations } = (await (await page.request.get('/api/me/invitations')).json()) as { invitations: Array<{ id: string; eventId: string }> };
  const invitation = invitations.find((candidate) => candidate.eventId === eventId)!;
  expect((await page.request.post(`/api/me/invitations/${invitation.id}/accept`, { headers: { origin: baseURL } })).status()).toBe(200);
  const me = (await (await page.request.get('/api/me')).json()) as { user: { id: string } };
  return { context, page, account, id: me.user.id };
}

/** Resolves once the server confirms the page's subscription to the user's account topic: earlier news would not reach it live. */
function accountTopicSubscribed(page: Page, userId: string) {
  return new Promise<void>((resolve) => {
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        if (typeof payload === 'string' && payload.includes('"subscribed"') && payload.includes(`user:${userId}:account`)) resolve();
      }),
    );
  });
}

async function requestMeeting(page: Page, baseURL: string, recipientId: string, eventId: string) {
  const response = await page.request.post('/api/meetings', {
    headers: { origin: baseURL },
    data: {
      recipientId,
      eventId,
      proposedTime: new Date(Date.now() + 3 * 24 * 3_600_000).toISOString(),
      durationMinutes: 30,
      meetingType: 'virtual',
      agenda: 'Compare notes on the keynote',
    },
  });
  expect(response.status()).toBe(201);
}

/**
 * The page's push manager, replaced (page script, run before the app's): `subscribe` answers a subscription on FCM's
 * host with fresh keys and remembers the key it was given (window.pushKeyUsed); `getSubscription` answers it until
 * it is unsubscribed.
 */
const FAKE_PUSH_MANAGER = `
  const asBase64url = (bytes) => btoa(String.fromCharCode(...bytes)).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
  const key = new Uint8Array(65);
  key[0] = 4;
  crypto.getRandomValues(key.subarray(1));
  const auth = crypto.getRandomValues(new Uint8Array(16));
  let current = null;
  const subscription = {
    endpoint: 'https://fcm.googleapis.com/fcm/send/e2e-' + crypto.randomUUID(),
    toJSON() { return { endpoint: this.endpoint, expirationTime: null, keys: { p256dh: asBase64url(key), auth: asBase64url(auth) } }; },
    async unsubscribe() { current = null; return true; },
  };
  PushManager.prototype.subscribe = async function (options) {
    window.pushKeyUsed = String(options && options.applicationServerKey);
    current = subscription;
    return subscription;
  };
  PushManager.prototype.getSubscription = async function () { return current; };
`;

test.describe('the notification centre', () => {
  test.describe.configure({ timeout: 150_000 });
  // Push needs the app's one service worker (sw.js imports the push worker, decision 0185).
  test.use({ contextOptions: { reducedMotion: 'reduce' }, serviceWorkers: 'allow' });

  test('a meeting request from another browser raises the bell live; the panel leads to it; preferences switch it off', async ({
    page,
    browser,
    playwright,
    baseURL,
  }) => {
    const owner = await apiAs(playwright, baseURL!, 'owner');
    const event = await createEventAs(owner, { allowAttendeeNetworking: true });
    const recipient = await attendeeIn(browser, page, 'Grace Hopper', owner, event.id, baseURL!);
    const requester = await attendeeIn(browser, page, 'Ada Lovelace', owner, event.id, baseURL!);

    // The recipient sits on their dashboard: no count yet.
    const me = recipient.page;
    const subscribed = accountTopicSubscribed(me, recipient.id);
    await me.goto('/dashboard');
    await subscribed;
    const bell = me.getByTestId('notification-bell');
    await expect(bell).toHaveAccessibleName('Notifications');
    await expect(me.getByTestId('notification-count')).toHaveCount(0);

    // The second browser asks for a meeting: the bell counts it and a toast says so, without a reload.
    await requestMeeting(requester.page, baseURL!, recipient.id, event.id);
    await expect(me.getByTestId('notification-count')).toHaveText('1');
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
    await expect(toast(me, 'Ada Lovelace requested a meeting with you')).toBeVisible();

    // A second tab of the recipient's follows too.
    const otherTab = await recipient.context.newPage();
    const otherSubscribed = accountTopicSubscribed(otherTab, recipient.id);
    await otherTab.goto('/meetings');
    await otherSubscribed;
    await expect(otherTab.getByTestId('notification-count')).toHaveText('1');

    // The panel lists it, naming the event; it is a sheet on a phone.
    await bell.click();
    const item = me.getByTestId('notification-item').filter({ hasText: 'Ada Lovelace requested a meeting with you' });
    await expect(item).toContainText(event.name);
    await expect(item).toHaveAttribute('data-unread', 'true');
    await expect(me.getByRole('link', { name: 'See all' })).toBeVisible();
    expect(await settledA11yViolations(me)).toEqual([]);
    await shot(me, 'bell-panel');

    // Mark all as read: the count goes in both tabs.
    await me.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(me.getByTestId('notification-count')).toHaveCount(0);
    await expect(otherTab.getByTestId('notification-count')).toHaveCount(0);
    await expect(item).not.toHaveAttribute('data-unread');

    // Following it leads to the meeting requests.
    await item.click();
    await expect(me).toHaveURL(/\/meetings\?tab=requests$/);
    await expect(me.getByRole('article').filter({ hasText: 'Compare notes on the keynote' })).toBeVisible();

    // The full page lists it.
    await me.goto('/notifications');
    await expect(me.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
    await expect(me.getByTestId('notification-item').first()).toContainText('Ada Lovelace requested a meeting with you');
    await shot(me, 'notifications-page');

    // In-app off for meeting requests on the profile page: the next request writes nothing to count.
    await me.goto('/profile');
    const grid = me.getByTestId('notification-preferences');
    const inApp = grid.getByRole('switch', { name: 'Meeting requests: In-app' });
    await expect(inApp).toBeChecked();
    await inApp.click();
    await expect(inApp).not.toBeChecked();
    await grid.scrollIntoViewIfNeeded();
    await shot(me, 'notification-preferences');
    await requestMeeting(requester.page, baseURL!, recipient.id, event.id);
    await requester.page.request.post(`/api/messages`, { headers: { origin: baseURL! }, data: { recipientId: recipient.id, content: 'And a message' } });
    // The message (still on) arrives; the request does not count.
    await expect(me.getByTestId('notification-count')).toHaveText('1');
    const { items } = (await (await me.request.get('/api/me/notifications')).json()) as { items: Array<{ kind: string }> };
    expect(items.map((notification) => notification.kind)).toEqual(['message_received', 'meeting_requested']);

    await recipient.context.close();
    await requester.context.close();
  });

  test('push on this device: the browser subscribes with the server key, the server keeps the device and forgets it on Turn off', async ({
    browser,
    page,
  }) => {
    // A headless browser here cannot reach a real push service (Google's, for Chromium), so its push manager is
    // replaced by one that answers a subscription on FCM's host. Everything else is real: the permission, the service
    // worker, the server's key, the requests; what the server then sends to a device is tested against a local push
    // service in the API tests (areas/notifications/push.test.ts).
    const context = await browser.newContext({ reducedMotion: 'reduce', viewport: page.viewportSize() ?? undefined, permissions: ['notifications'] });
    await context.addInitScript(FAKE_PUSH_MANAGER);
    const me = await context.newPage();
    const account = await createAccount(context.request, { prefix: 'push', fullName: 'Hedy Lamarr' });
    await signInAccount(me, account);
    await me.goto('/profile');

    const device = me.getByTestId('push-device');
    await expect(device).toContainText('even when Mingle is closed');
    const stored = me.waitForResponse((response) => response.url().endsWith('/api/me/push-subscriptions') && response.request().method() === 'PUT');
    await device.getByRole('button', { name: 'Turn on push notifications' }).click();
    expect((await stored).status()).toBe(204);
    await expect(device).toContainText('Push notifications are on for this device');
    await expect(toast(me, 'Push notifications are on for this device')).toBeVisible();
    // The browser subscribed with the server's VAPID key, and the service worker that shows pushes is in place.
    const { publicKey } = (await (await me.request.get('/api/push/public-key')).json()) as { publicKey: string };
    expect(await me.evaluate('window.pushKeyUsed')).toBe(publicKey);
    await expect.poll(() => me.evaluate("navigator.serviceWorker.getRegistration('/').then((r) => r?.active?.scriptURL ?? null)")).toMatch(/\/sw\.js$/);
    await device.scrollIntoViewIfNeeded();
    await shot(me, 'push-device-on');

    const forgotten = me.waitForResponse((response) => response.url().endsWith('/api/me/push-subscriptions') && response.request().method() === 'DELETE');
    await device.getByRole('button', { name: 'Turn off on this device' }).click();
    expect((await forgotten).status()).toBe(204);
    await expect(device.getByRole('button', { name: 'Turn on push notifications' })).toBeVisible();

    // The session reminders' lead time, beside the switches: saved as it is chosen.
    const lead = me.getByRole('combobox', { name: 'Remind me of bookmarked sessions' });
    await expect(lead).toHaveText('10 minutes before');
    const saved = me.waitForResponse((response) => response.url().endsWith('/api/me/notification-preferences') && response.request().method() === 'PUT');
    await lead.click();
    await me.getByRole('option', { name: '30 minutes before' }).click();
    expect((await saved).status()).toBe(200);
    await expect(lead).toHaveText('30 minutes before');
    const preferences = (await (await me.request.get('/api/me/notification-preferences')).json()) as { sessionReminderMinutes: number };
    expect(preferences.sessionReminderMinutes).toBe(30);
    await lead.scrollIntoViewIfNeeded();
    await shot(me, 'session-reminder-lead');
    await context.close();
  });
});
