import type { QueryClient } from '@tanstack/react-query';
import type { createBrowserRouter } from 'react-router';
import { whenIdle } from '../lib/idle';

type Router = ReturnType<typeof createBrowserRouter>;

/** Resolves even if the page never falls quiet (a page that keeps asking): the work waiting for it is still wanted. */
const LONGEST_WAIT_MS = 15_000;

/**
 * Resolves once the page someone arrived on has drawn with its data, and the browser then has an idle moment: the
 * document has loaded, the router has its route (code, texts, loader) and no query is in flight. Work that serves
 * only later visits waits for it, so that it does not take the phone's network and CPU from the first page: the
 * service worker's precache of the whole app began at the document's `load`, while the public event page still
 * waited for its event and drew it, and cost that page a second of blocked main thread on Lighthouse's phone
 * (bench/RESULTS.md).
 */
export function firstPageSettled(router: Router, queryClient: QueryClient): Promise<void> {
  return new Promise((resolve) => {
    const stops: Array<() => void> = [];
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      for (const stop of stops) stop();
      clearTimeout(longest);
      whenIdle(resolve);
    };
    const check = () => {
      const settled =
        document.readyState === 'complete' &&
        router.state.initialized &&
        router.state.navigation.state === 'idle' &&
        queryClient.isFetching() === 0;
      if (settled) finish();
    };
    const longest = setTimeout(finish, LONGEST_WAIT_MS);
    window.addEventListener('load', check);
    stops.push(
      () => window.removeEventListener('load', check),
      router.subscribe(check),
      queryClient.getQueryCache().subscribe(check),
    );
    check();
  });
}
