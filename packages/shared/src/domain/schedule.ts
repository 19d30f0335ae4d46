/** Something with a start and an end instant (ISO strings or Dates). */
export interface TimeSpan {
  id: string;
  startTime: string | Date;
  endTime: string | Date;
}

/**
 * The ids of spans that overlap another span of the list (My Schedule marks them as a conflict). Touching ends
 * (one ends at 10:00, the next starts at 10:00) are not a conflict. One sort and a sweep: n log n.
 */
export function conflictingIds(spans: readonly TimeSpan[]): Set<string> {
  const sorted = spans
    .map((span) => ({ id: span.id, start: new Date(span.startTime).getTime(), end: new Date(span.endTime).getTime() }))
    .sort((a, b) => a.start - b.start || a.end - b.end);
  const conflicts = new Set<string>();
  let latest: { id: string; end: number } | null = null;
  for (const span of sorted) {
    if (latest && span.start < latest.end) {
      conflicts.add(span.id);
      conflicts.add(latest.id);
    }
    if (!latest || span.end > latest.end) latest = { id: span.id, end: span.end };
  }
  return conflicts;
}
