import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { firstPageSettled } from './first-page-settled';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

/** Whether a promise has settled, after letting pending timers and microtasks run for `ms`. */
async function settledAfter(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await vi.advanceTimersByTimeAsync(ms);
  return settled;
}

describe('firstPageSettled', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // The browser's document, loaded; no requestIdleCallback (as in Safari), so the idle moment is a second's wait.
    vi.stubGlobal('document', { readyState: 'complete' });
    vi.stubGlobal('window', { addEventListener: vi.fn(), removeEventListener: vi.fn() });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits for the route and then for every query in flight, then for an idle moment', async () => {
    const route = deferred<null>();
    const router = createMemoryRouter([{ path: '/', loader: () => route.promise, Component: () => null }]);
    const queryClient = new QueryClient();
    const event = deferred<string>();

    const settled = firstPageSettled(router, queryClient);
    expect(await settledAfter(settled, 3000)).toBe(false); // the route's loader still runs

    void queryClient.prefetchQuery({ queryKey: ['event'], queryFn: () => event.promise });
    route.resolve(null);
    expect(await settledAfter(settled, 3000)).toBe(false); // the page's event is still on its way

    event.resolve('Demo Summit');
    expect(await settledAfter(settled, 500)).toBe(false); // not before the idle moment
    expect(await settledAfter(settled, 600)).toBe(true);
    router.dispose();
  });

  it('gives up waiting for a page that never falls quiet', async () => {
    const router = createMemoryRouter([{ path: '/', Component: () => null }]);
    const queryClient = new QueryClient();
    void queryClient.prefetchQuery({ queryKey: ['never'], queryFn: () => new Promise(() => {}) });

    const settled = firstPageSettled(router, queryClient);
    expect(await settledAfter(settled, 14_000)).toBe(false);
    expect(await settledAfter(settled, 2_100)).toBe(true);
    router.dispose();
  });
});
