/**
 * On an event's custom domain the server marks the page with the event's slug (areas/events/public-page-routes.ts on
 * the server): that slug, or null on the platform's own domain.
 */
export function eventDomainSlug(): string | null {
  return document.querySelector('meta[name="mingle:event-slug"]')?.getAttribute('content') ?? null;
}
