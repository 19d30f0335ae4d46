import { ApiError } from './api';

export type FlushOutcome<T, R> = { item: T; result?: R; error?: ApiError };

/**
 * Work done while the hall's network is down, kept on the device (localStorage, so a reload keeps it) and sent when it
 * returns, in the order it was made. Each item carries the client id its server route replays by, so an item sent
 * twice (a lost answer, two tabs) is done once.
 */
export function deviceQueue<T>(key: string, idOf: (item: T) => string) {
  const items = (): T[] => {
    try {
      const value = JSON.parse(localStorage.getItem(key) ?? '[]') as unknown;
      return Array.isArray(value) ? (value as T[]) : [];
    } catch {
      return [];
    }
  };
  const save = (list: T[]) => localStorage.setItem(key, JSON.stringify(list));
  const without = (id: string) => items().filter((queued) => idOf(queued) !== id);
  return {
    items,
    add(item: T) {
      save([...without(idOf(item)), item]);
    },
    /** Sends each item once; stops at the first that still cannot reach the server and keeps it and the rest. */
    async flush<R>(send: (item: T) => Promise<R>): Promise<Array<FlushOutcome<T, R>>> {
      const outcomes: Array<FlushOutcome<T, R>> = [];
      for (const item of items()) {
        try {
          outcomes.push({ item, result: await send(item) });
        } catch (error) {
          if (error instanceof ApiError && error.status === 0) break;
          outcomes.push({ item, error: error instanceof ApiError ? error : new ApiError(500, 'internal_error', String(error)) });
        }
        save(without(idOf(item)));
      }
      return outcomes;
    },
  };
}
