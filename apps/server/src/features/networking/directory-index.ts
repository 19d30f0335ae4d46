// The directory of one networking event, in memory: its discoverable people with what Discover Attendees ranks
// and filters them by, so a page costs a few array lookups per person instead of a query that scores everyone
// (docs/decisions/0036). The order and the keyset are the ones the SQL ranking had: score desc, created_at desc,
// id desc, with created_at to the microsecond and ids compared as PostgreSQL compares uuids.

/** One person as loaded from PostgreSQL. */
export interface DirectoryPerson {
  id: string;
  /** created_at in microseconds since 1970 (exact: below 2^53). */
  createdMicros: number;
  /** profiles.interest_keys and goal_keys: trimmed, lower-cased, distinct. */
  interestKeys: readonly string[];
  goalKeys: readonly string[];
  /** profiles.search_text: the searchable fields lower-cased, joined by chr(31). */
  searchText: string;
}

/** A place in the order: a ranked person, or where a cursor points. */
export interface RankKey {
  score: number;
  createdMicros: number;
  id: string;
}

export interface RankQuery {
  order: 'recommended' | 'newest';
  /** The viewer's keys: their interest keys, goal keys, and the keys of the goals that answer theirs. */
  interestKeys: readonly string[];
  goalKeys: readonly string[];
  complementKeys: readonly string[];
  /** Never listed: the viewer, and whoever blocked them or whom they blocked. */
  exclude: ReadonlySet<string>;
  /** Lower-cased; listed only if found in the search text. */
  search: string | null;
  /** Only people after this place (the cursor); for `newest` its score is ignored. */
  after: RankKey | null;
  take: number;
}

/**
 * Everyone's keys as small integers in one sequence, person i's from start[i] to start[i + 1]: interest keys
 * first, numbered from 0, then goal keys, numbered after the last interest key (so one weight table scores both).
 */
interface KeyLists {
  interests: Map<string, number>;
  goals: Map<string, number>;
  start: Uint32Array;
  ids: Uint32Array;
}

function keyLists(people: readonly DirectoryPerson[]): KeyLists {
  const interests = new Map<string, number>();
  const goals = new Map<string, number>();
  const numbered = (dictionary: Map<string, number>, key: string) => {
    let id = dictionary.get(key);
    if (id === undefined) dictionary.set(key, (id = dictionary.size));
    return id;
  };
  const start = new Uint32Array(people.length + 1);
  const ids: number[] = [];
  // A key counts once, as `key = any(keys)` counted it in SQL (the stored keys are distinct anyway).
  const distinct = (keys: readonly string[]) => keys.filter((key, at) => keys.indexOf(key) === at);
  // Goal keys are marked by a negative number until the interests are all numbered.
  people.forEach((person, index) => {
    for (const key of distinct(person.interestKeys)) ids.push(numbered(interests, key));
    for (const key of distinct(person.goalKeys)) ids.push(-1 - numbered(goals, key));
    start[index + 1] = ids.length;
  });
  return { interests, goals, start, ids: Uint32Array.from(ids, (id) => (id < 0 ? interests.size - 1 - id : id)) };
}

/** (a.created, a.id) comes strictly after (b.created, b.id) in newest-first order. */
function isAfter(createdA: number, idA: string, createdB: number, idB: string): boolean {
  return createdA < createdB || (createdA === createdB && idA < idB);
}

export class DirectoryIndex {
  /** events.directory_version this copy was loaded at. */
  readonly version: number;
  /** Newest first: created desc, then id desc. */
  private readonly ids: readonly string[];
  private readonly created: Float64Array;
  private readonly searchTexts: readonly string[];
  private readonly keys: KeyLists;

  /** `people` must come newest first (created_at desc, id desc), as the loading query orders them. */
  constructor(version: number, people: readonly DirectoryPerson[]) {
    this.version = version;
    this.ids = people.map((person) => person.id);
    this.created = Float64Array.from(people, (person) => person.createdMicros);
    this.searchTexts = people.map((person) => person.searchText);
    this.keys = keyLists(people);
    for (let index = 1; index < people.length; index++) {
      if (!isAfter(this.created[index]!, this.ids[index]!, this.created[index - 1]!, this.ids[index - 1]!)) {
        throw new Error('directory people must come newest first, without repeats');
      }
    }
  }

  get size(): number {
    return this.ids.length;
  }

  /** The first position after `key` in newest-first order (the order is sorted, so a binary search). */
  private firstAfter(key: RankKey): number {
    let low = 0;
    let high = this.ids.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (isAfter(this.created[middle]!, this.ids[middle]!, key.createdMicros, key.id)) high = middle;
      else low = middle + 1;
    }
    return low;
  }

  private listed(position: number, query: RankQuery): boolean {
    return !query.exclude.has(this.ids[position]!) && (query.search === null || this.searchTexts[position]!.includes(query.search));
  }

  private entry(position: number, score: number): RankKey {
    return { score, createdMicros: this.created[position]!, id: this.ids[position]! };
  }

  /** The first `query.take` people in the query's order. */
  rank(query: RankQuery): RankKey[] {
    return query.order === 'newest' ? this.newest(query) : this.recommended(query);
  }

  private newest(query: RankQuery): RankKey[] {
    const found: RankKey[] = [];
    for (let position = query.after ? this.firstAfter(query.after) : 0; position < this.ids.length && found.length < query.take; position++) {
      if (this.listed(position, query)) found.push(this.entry(position, 0));
    }
    return found;
  }

  /**
   * Scores everyone (one lookup per key of theirs in the viewer's weights), keeping per score the first `take`
   * listed positions: positions come newest first, so each score's list is already in order, and the page is the
   * lists read from the highest score down.
   */
  private recommended(query: RankQuery): RankKey[] {
    const { start, ids } = this.keys;
    const weights = new Uint8Array(this.keys.interests.size + this.keys.goals.size);
    let best = 0;
    const weigh = (dictionary: ReadonlyMap<string, number>, offset: number, keys: readonly string[]) => {
      for (const key of keys) {
        const id = dictionary.get(key);
        if (id === undefined) continue;
        weights[offset + id]! += 1;
        best += 1;
      }
    };
    weigh(this.keys.interests, 0, query.interestKeys);
    weigh(this.keys.goals, this.keys.interests.size, query.goalKeys);
    weigh(this.keys.goals, this.keys.interests.size, query.complementKeys);
    const byScore: number[][] = Array.from({ length: best + 1 }, () => []);
    const after = query.after;
    // Positions from here on come after the cursor among equal scores.
    const tiesFrom = after ? this.firstAfter(after) : 0;
    for (let position = 0; position < this.ids.length; position++) {
      let score = 0;
      for (let k = start[position]!; k < start[position + 1]!; k++) score += weights[ids[k]!]!;
      if (after && (score > after.score || (score === after.score && position < tiesFrom))) continue;
      const list = byScore[score]!;
      // Full lists skip the exclusion and search tests.
      if (list.length < query.take && this.listed(position, query)) list.push(position);
    }
    const found: RankKey[] = [];
    for (let score = best; score >= 0 && found.length < query.take; score--) {
      for (const position of byScore[score]!) {
        if (found.length === query.take) break;
        found.push(this.entry(position, score));
      }
    }
    return found;
  }
}

/** Sorts ranked people into the query's order (score only for `recommended`). */
function compareRanked(order: RankQuery['order']) {
  return (a: RankKey, b: RankKey): number => {
    if (order === 'recommended' && a.score !== b.score) return b.score - a.score;
    if (isAfter(a.createdMicros, a.id, b.createdMicros, b.id)) return 1;
    return isAfter(b.createdMicros, b.id, a.createdMicros, a.id) ? -1 : 0;
  };
}

/**
 * The first `query.take` people across the viewer's events, each once. Each event's own first `take` suffice:
 * whoever is among the first `take` of the union is among the first `take` of every event they are in.
 */
export function rankAcross(indexes: readonly DirectoryIndex[], query: RankQuery): RankKey[] {
  if (indexes.length === 1) return indexes[0]!.rank(query);
  const seen = new Set<string>();
  const found: RankKey[] = [];
  for (const entry of indexes.flatMap((index) => index.rank(query)).sort(compareRanked(query.order))) {
    if (seen.has(entry.id)) continue;
    seen.add(entry.id);
    found.push(entry);
    if (found.length === query.take) break;
  }
  return found;
}
