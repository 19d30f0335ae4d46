/**
 * A page of a cursor-paged list, as the API answers it: the items, and the cursor of the next page (null on the
 * last). The cursor is opaque: the client sends it back unchanged as `cursor` and never reads it.
 */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
