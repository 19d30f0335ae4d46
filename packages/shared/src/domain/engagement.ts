/**
 * Engagement rate (spec 02 section 9): total engagements divided by registrations, rounded to one decimal, or 0
 * when there are no registrations. Engagements are posts, likes, questions and upvotes.
 */
export function engagementRate(engagements: number, registrations: number): number {
  if (!Number.isFinite(engagements) || !Number.isFinite(registrations) || registrations <= 0) return 0;
  return Math.round((engagements / registrations) * 10) / 10;
}
