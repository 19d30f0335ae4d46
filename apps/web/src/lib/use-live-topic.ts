import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { live } from './live';

// Events come in bursts (a dozen likes in a second): one refetch per burst is enough.
const BATCH_MS = 200;

/**
 * Keeps the given queries fresh from a live topic while the component is mounted: every event on `topic`,
 * and every reconnect of the socket, invalidates `queryKeys`. Pass `null` until the topic is known.
 */
export function useLiveTopic(topic: string | null, queryKeys: readonly QueryKey[]): void {
  const queryClient = useQueryClient();
  // The keys are usually an inline array: read the latest one without resubscribing on every render.
  const keysRef = useRef(queryKeys);
  useEffect(() => {
    keysRef.current = queryKeys;
  });

  useEffect(() => {
    if (!topic) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const invalidate = () => {
      if (timer !== undefined) return;
      timer = setTimeout(() => {
        timer = undefined;
        for (const queryKey of keysRef.current) void queryClient.invalidateQueries({ queryKey });
      }, BATCH_MS);
    };
    const unsubscribe = live.subscribe(topic, invalidate);
    const stopResync = live.onResync(invalidate);
    return () => {
      clearTimeout(timer);
      unsubscribe();
      stopResync();
    };
  }, [topic, queryClient]);
}
