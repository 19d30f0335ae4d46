import type { LoaderFunctionArgs } from 'react-router';
import { meQueryOptions } from '@/lib/auth';
import { prepareDateFormatting } from '@/lib/datetime';
import { eventDomainSlug } from '@/lib/event-domain';
import { queryClient } from '@/lib/query-client';
import { publicEventQueryOptions } from './api';

/** The page's event: the route's slug, or, on an event's custom domain, the one the server put in the HTML. */
export function eventSlugOf(eventSlug: string | undefined): string {
  return eventSlug || (eventDomainSlug() ?? '');
}

/**
 * The public event page's loader, a small chunk of its own (router.tsx): it asks for the event and the visitor's
 * session as soon as the route matches, side by side with the page's code and texts, instead of from the rendered
 * page, which waits for them first (on Lighthouse's phone the event arrived a second later). Not awaited: the page
 * shows its own spinner and errors from the same queries. The page's dates get their first formatter meanwhile.
 */
export function publicEventLoader({ params }: LoaderFunctionArgs): null {
  void queryClient.prefetchQuery(publicEventQueryOptions(eventSlugOf(params.eventSlug)));
  void queryClient.prefetchQuery(meQueryOptions);
  prepareDateFormatting();
  return null;
}
