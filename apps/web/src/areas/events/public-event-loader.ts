import type { LoaderFunctionArgs } from 'react-router';
import { meQueryOptions } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';
import { publicEventQueryOptions } from './api';

/** How long the public event page takes its event as fresh. */
export const PUBLIC_EVENT_STALE_MS = 60_000;

/** The page's event: the route's slug, or, on an event's custom domain, the one the server put in the HTML. */
export function eventSlugOf(eventSlug: string | undefined): string {
  if (eventSlug) return eventSlug;
  return document.querySelector('meta[name="mingle:event-slug"]')?.getAttribute('content') ?? '';
}

/**
 * The public event page's loader, a small chunk of its own (router.tsx): it asks for the event and the visitor's
 * session as soon as the route matches, side by side with the page's code and texts, instead of from the rendered
 * page, which waits for them first (on Lighthouse's phone the event arrived a second later). Not awaited: the page
 * shows its own spinner and errors from the same queries.
 */
export function publicEventLoader({ params }: LoaderFunctionArgs): null {
  void queryClient.prefetchQuery({ ...publicEventQueryOptions(eventSlugOf(params.eventSlug)), staleTime: PUBLIC_EVENT_STALE_MS });
  void queryClient.prefetchQuery(meQueryOptions);
  return null;
}
