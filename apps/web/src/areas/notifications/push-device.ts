import { notificationEndpoints } from '@mingle/shared/notifications/endpoints';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, call } from '@/lib/api';

// This device's web push: the browser's subscription (kept by its push manager) and the server's record of it. The
// service worker that shows the pushes is apps/web/public/push-worker.js, imported by the app's one worker, sw.js.

const WORKER_URL = '/sw.js';

/** Where this browser stands: no push at all, notifications blocked for the site, subscribed, or not yet. */
export type PushDeviceState = 'unsupported' | 'blocked' | 'on' | 'off';

export const pushDeviceKey = ['push-device'] as const;

const supported = () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

async function registration(): Promise<ServiceWorkerRegistration> {
  return (await navigator.serviceWorker.getRegistration(WORKER_URL)) ?? navigator.serviceWorker.register(WORKER_URL, { scope: '/' });
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const existing = await navigator.serviceWorker.getRegistration(WORKER_URL);
  return existing ? existing.pushManager.getSubscription() : null;
}

export const pushDeviceQueryOptions = queryOptions({
  queryKey: pushDeviceKey,
  queryFn: async (): Promise<PushDeviceState> => {
    if (!supported()) return 'unsupported';
    if (Notification.permission === 'denied') return 'blocked';
    return (await currentSubscription()) ? 'on' : 'off';
  },
  staleTime: Infinity,
});

/** The subscription as the server takes it (`PushSubscription.toJSON()` types its keys as optional). */
function subscriptionBody(subscription: PushSubscription) {
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new Error('push subscription without keys');
  return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}

/**
 * Turns push on for this device: the permission prompt, the browser's subscription with the server's key, then the
 * server's record. Answers the state it ends in ('blocked' when the person said no).
 */
async function turnOn(): Promise<PushDeviceState> {
  if ((await Notification.requestPermission()) !== 'granted') return Notification.permission === 'denied' ? 'blocked' : 'off';
  const worker = await registration();
  const { publicKey } = await call(notificationEndpoints.pushPublicKey);
  const subscription =
    (await worker.pushManager.getSubscription()) ??
    (await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey }));
  await call(notificationEndpoints.subscribePush, { body: subscriptionBody(subscription) });
  return 'on';
}

/** Turns push off for this device: the server forgets it first (it may already have), then the browser. */
async function turnOff(): Promise<PushDeviceState> {
  const subscription = await currentSubscription();
  if (subscription) {
    await call(notificationEndpoints.unsubscribePush, { body: { endpoint: subscription.endpoint } }).catch((error: unknown) => {
      // Forgotten already (the push service said the device was gone): nothing left to undo on the server.
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    });
    await subscription.unsubscribe();
  }
  return 'off';
}

export function useSwitchPushDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => (on ? turnOn() : turnOff()),
    onSuccess: (state) => queryClient.setQueryData(pushDeviceKey, state),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushDeviceKey }),
  });
}
