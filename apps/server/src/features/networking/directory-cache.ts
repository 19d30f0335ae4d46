import { DirectoryIndex } from './directory-index.ts';

/**
 * How many people the directories of one server process may hold together (about 200 bytes each, measured in
 * docs/decisions/0036): past it, the events least recently listed are dropped and reloaded when next needed.
 */
export const DIRECTORY_BUDGET = 250_000;

/** Loads an event's directory as it is now, with the version it is at; null when the event no longer exists. */
export type DirectoryLoader = (eventId: string) => Promise<DirectoryIndex | null>;

const EMPTY = new DirectoryIndex(0, []);

/**
 * The directories of one database's networking events, in this process, least recently used first. A copy is
 * used only when it is at least at the version the caller just read from PostgreSQL in its own first query, so
 * whatever committed before that query is reflected. Requests that find the same copy stale share one reload.
 */
export class DirectoryCache {
  private readonly copies = new Map<string, DirectoryIndex>();
  private readonly reloads = new Map<string, Promise<DirectoryIndex | null>>();
  private people = 0;

  constructor(
    private readonly load: DirectoryLoader,
    private readonly budget = DIRECTORY_BUDGET,
  ) {}

  /** The event's directory at `version` or later. */
  async get(eventId: string, version: number): Promise<DirectoryIndex> {
    for (;;) {
      const copy = this.copies.get(eventId);
      if (copy && copy.version >= version) {
        // Most recently used last.
        this.copies.delete(eventId);
        this.copies.set(eventId, copy);
        return copy;
      }
      // A reload already under way may have read the event before the change this caller saw: then the loop
      // starts another, which reads it after.
      const loaded = await this.reload(eventId);
      if (!loaded) return EMPTY;
      if (loaded.version >= version) return loaded;
    }
  }

  /** How many events and people this process holds (for tests and the decision's figures). */
  get held(): { events: number; people: number } {
    return { events: this.copies.size, people: this.people };
  }

  private reload(eventId: string): Promise<DirectoryIndex | null> {
    let pending = this.reloads.get(eventId);
    if (!pending) {
      pending = this.load(eventId)
        .then((loaded) => {
          if (loaded) this.keep(eventId, loaded);
          else this.drop(eventId);
          return loaded;
        })
        .finally(() => this.reloads.delete(eventId));
      this.reloads.set(eventId, pending);
    }
    return pending;
  }

  private keep(eventId: string, loaded: DirectoryIndex): void {
    const current = this.copies.get(eventId);
    // Two reloads may finish out of order: never go back to an older version.
    if (current && current.version > loaded.version) return;
    this.drop(eventId);
    this.copies.set(eventId, loaded);
    this.people += loaded.size;
    for (const [oldest] of this.copies) {
      if (this.people <= this.budget || oldest === eventId) break;
      this.drop(oldest);
    }
  }

  private drop(eventId: string): void {
    const copy = this.copies.get(eventId);
    if (!copy) return;
    this.copies.delete(eventId);
    this.people -= copy.size;
  }
}
