import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DirectoryIndex, rankAcross, type DirectoryPerson, type RankKey, type RankQuery } from './directory-index.ts';

// The index against the plainest reading of the SQL ranking it replaced: score every listed person, filter by
// the keyset, sort by (score, created_at, id) descending, take the first ones.

const KEYS = ['ai', 'cloud', 'data', 'hire talent', 'find a job', 'meet investors'];

const personArb = fc.record({
  id: fc.uuid().map((id) => id.toLowerCase()),
  // Few distinct times, so many ties fall to the id.
  createdMicros: fc.integer({ min: 0, max: 4 }).map((step) => 1_700_000_000_000_000 + step * 1_000_001),
  interestKeys: fc.uniqueArray(fc.constantFrom(...KEYS), { maxLength: 4 }),
  goalKeys: fc.uniqueArray(fc.constantFrom(...KEYS), { maxLength: 4 }),
  searchText: fc.constantFrom('ada\u001facme\u001fengineer', 'grace\u001fglobex', 'alan\u001finitech\u001fai'),
});

const newestFirst = (a: DirectoryPerson, b: DirectoryPerson) =>
  b.createdMicros - a.createdMicros || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

function score(person: DirectoryPerson, query: RankQuery): number {
  const count = (mine: readonly string[], theirs: readonly string[]) => mine.filter((key) => theirs.includes(key)).length;
  return count(query.interestKeys, person.interestKeys) + count(query.goalKeys, person.goalKeys) + count(query.complementKeys, person.goalKeys);
}

/** Row comparison as SQL does it: (score, created, id) for recommended, (created, id) for newest. */
function compare(a: RankKey, b: RankKey, order: RankQuery['order']): number {
  if (order === 'recommended' && a.score !== b.score) return a.score - b.score;
  if (a.createdMicros !== b.createdMicros) return a.createdMicros - b.createdMicros;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function reference(people: readonly DirectoryPerson[], query: RankQuery): RankKey[] {
  const seen = new Set<string>();
  return people
    .filter((person) => !seen.has(person.id) && seen.add(person.id))
    .filter((person) => !query.exclude.has(person.id) && (query.search === null || person.searchText.includes(query.search)))
    .map((person) => ({ score: query.order === 'recommended' ? score(person, query) : 0, createdMicros: person.createdMicros, id: person.id }))
    .filter((entry) => query.after === null || compare(entry, query.after, query.order) < 0)
    .sort((a, b) => -compare(a, b, query.order))
    .slice(0, query.take);
}

const queryArb = (people: DirectoryPerson[]) =>
  fc.record({
    order: fc.constantFrom('recommended' as const, 'newest' as const),
    interestKeys: fc.uniqueArray(fc.constantFrom(...KEYS, 'not in the event')),
    goalKeys: fc.uniqueArray(fc.constantFrom(...KEYS)),
    complementKeys: fc.uniqueArray(fc.constantFrom(...KEYS)),
    exclude: fc.subarray(people.map((person) => person.id)).map((ids) => new Set(ids)),
    search: fc.constantFrom(null, 'a', 'acme', 'glob', '\u001f', 'nobody'),
    // A cursor on someone's place, or between places.
    after: fc.option(
      fc.record({
        score: fc.integer({ min: 0, max: 8 }),
        createdMicros: fc.constantFrom(...people.map((person) => person.createdMicros), 1_700_000_000_500_000),
        id: fc.constantFrom(...people.map((person) => person.id), '7fffffff-ffff-4fff-bfff-ffffffffffff'),
      }),
    ),
    take: fc.integer({ min: 1, max: 12 }),
  });

describe('directory index', () => {
  it('ranks, searches, excludes and pages exactly as the SQL ranking', () => {
    const scenario = fc
      .uniqueArray(personArb, { minLength: 1, maxLength: 40, selector: (person) => person.id })
      .chain((people) => fc.tuple(fc.constant(people), queryArb(people)));
    fc.assert(
      fc.property(scenario, ([people, query]) => {
        const index = new DirectoryIndex(1, [...people].sort(newestFirst));
        expect(index.rank(query)).toEqual(reference(people, query));
      }),
      { numRuns: 300 },
    );
  });

  it('across several events, lists each person once, in the same order', () => {
    const scenario = fc
      .uniqueArray(personArb, { minLength: 1, maxLength: 40, selector: (person) => person.id })
      .chain((people) =>
        fc.tuple(fc.constant(people), fc.array(fc.subarray(people), { minLength: 2, maxLength: 3 }), queryArb(people)),
      );
    fc.assert(
      fc.property(scenario, ([, events, query]) => {
        const indexes = events.map((members) => new DirectoryIndex(1, [...members].sort(newestFirst)));
        expect(rankAcross(indexes, query)).toEqual(reference(events.flat(), query));
      }),
      { numRuns: 200 },
    );
  });

  it('refuses people out of order, which would break the keyset', () => {
    const person = (id: string, createdMicros: number) => ({ id, createdMicros, interestKeys: [], goalKeys: [], searchText: '' });
    const older = person('00000000-0000-4000-8000-000000000001', 1);
    const newer = person('00000000-0000-4000-8000-000000000002', 2);
    expect(() => new DirectoryIndex(1, [older, newer])).toThrow(/newest first/);
    expect(new DirectoryIndex(1, [newer, older]).size).toBe(2);
  });
});
