import { describe, expect, it } from 'vitest';
import { DirectoryCache } from './directory-cache.ts';
import { DirectoryIndex, type DirectoryPerson } from './directory-index.ts';

function people(count: number): DirectoryPerson[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `00000000-0000-4000-8000-${String(count - index).padStart(12, '0')}`,
    createdMicros: count - index,
    interestKeys: [],
    goalKeys: [],
    searchText: '',
  }));
}

/** A loader whose database is a map of event -> (version, size), counting its loads, released by hand. */
function fakeDatabase(events: Record<string, { version: number; size: number }>) {
  const loads: string[] = [];
  const waiting: Array<() => void> = [];
  const load = (eventId: string) => {
    loads.push(eventId);
    // The state is read when the load starts, as the query's snapshot would be.
    const event = events[eventId];
    return new Promise<DirectoryIndex | null>((resolve) => {
      waiting.push(() => resolve(event ? new DirectoryIndex(event.version, people(event.size)) : null));
    });
  };
  const release = async () => {
    while (waiting.length > 0) waiting.shift()!();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { events, loads, load, release };
}

describe('directory cache', () => {
  it('loads once for many requests that find the copy missing or stale, and not again while it is current', async () => {
    const database = fakeDatabase({ e1: { version: 3, size: 5 } });
    const cache = new DirectoryCache(database.load);
    const requests = Array.from({ length: 10 }, () => cache.get('e1', 3));
    await database.release();
    const copies = await Promise.all(requests);
    expect(database.loads).toEqual(['e1']);
    expect(new Set(copies).size).toBe(1);
    expect(copies[0]!.version).toBe(3);
    expect(await cache.get('e1', 2)).toBe(copies[0]);
    expect(database.loads).toHaveLength(1);
    // A change: the next request sees version 4 and loads again.
    database.events.e1 = { version: 4, size: 6 };
    const next = cache.get('e1', 4);
    await database.release();
    expect((await next).size).toBe(6);
    expect(database.loads).toHaveLength(2);
  });

  it('loads again when the load it joined read the event before the change the request saw', async () => {
    const database = fakeDatabase({ e1: { version: 1, size: 1 } });
    const cache = new DirectoryCache(database.load);
    const early = cache.get('e1', 1);
    // The change commits while that load is under way; a request that read version 2 joins it, then needs more.
    database.events.e1 = { version: 2, size: 2 };
    const late = cache.get('e1', 2);
    await database.release();
    expect((await early).version).toBe(1);
    await database.release();
    expect((await late).version).toBe(2);
    expect(database.loads).toEqual(['e1', 'e1']);
  });

  it('drops the events least recently used past its budget of people, and events that are gone', async () => {
    const database = fakeDatabase({ a: { version: 1, size: 4 }, b: { version: 1, size: 4 }, c: { version: 1, size: 4 } });
    const cache = new DirectoryCache(database.load, 10);
    const get = async (eventId: string, version = 1) => {
      const copy = cache.get(eventId, version);
      await database.release();
      return copy;
    };
    await get('a');
    await get('b');
    await get('a'); // a is now the most recently used
    expect(cache.held).toEqual({ events: 2, people: 8 });
    await get('c');
    expect(cache.held).toEqual({ events: 2, people: 8 });
    await get('a');
    expect(database.loads).toEqual(['a', 'b', 'c']); // b went, a stayed
    // An event bigger than the budget is still served, alone.
    database.events.big = { version: 1, size: 12 };
    expect((await get('big')).size).toBe(12);
    expect(cache.held).toEqual({ events: 1, people: 12 });
    // An event deleted since: nobody, and nothing kept.
    delete database.events.big;
    expect((await get('big', 2)).size).toBe(0);
    expect(cache.held).toEqual({ events: 0, people: 0 });
  });
});
