import type { Context, MiddlewareHandler } from 'hono';
import { html } from 'hono/html';
import { EVENT_TYPE_LABELS } from '@mingle/shared/core/constants';
import { type AppEnv, createRouter } from '../../platform/http/env.ts';
import { requestLanguage } from '../../platform/http/request-language.ts';
import type { WebShell } from '../../platform/http/web-shell.ts';
import { eventSlugForDomain, findEventBySlug } from './service.ts';

/**
 * The public landing page's HTML. The page itself is the single-page app; what the server adds is the event's
 * title, description and logo as Open Graph and Twitter tags in the HTML, so a link shared in a chat or a post shows
 * a preview (crawlers do not run scripts). Values are escaped by hono/html. A request whose Host is an event's
 * custom domain gets that event's page at `/`; the app reads the slug from a meta tag there. The head also preloads
 * the event's public read, which the page's query then takes from the browser instead of asking once its code has
 * run (decision 0200).
 */

type EventRow = NonNullable<Awaited<ReturnType<typeof findEventBySlug>>>;

function summary(event: EventRow): string {
  if (event.description) return event.description.length > 300 ? `${event.description.slice(0, 297)}…` : event.description;
  const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(event.startDate);
  return [EVENT_TYPE_LABELS[event.eventType], when, event.location].filter(Boolean).join(' · ');
}

async function metaTags(event: EventRow, publicUrl: string, pageUrl: string, customDomainSlug: boolean): Promise<string> {
  const title = `${event.name} | Mingle`;
  const description = summary(event);
  const image = event.logoUrl ? new URL(event.logoUrl, publicUrl).toString() : null;
  const tags = html`<title>${title}</title>
    <meta name="description" content="${description}" />
    <link rel="canonical" href="${pageUrl}" />
    <meta property="og:type" content="website" />
    <meta property="og:site_name" content="Mingle" />
    <meta property="og:title" content="${event.name}" />
    <meta property="og:description" content="${description}" />
    <meta property="og:url" content="${pageUrl}" />
    ${image ? html`<meta property="og:image" content="${image}" />` : ''}
    <meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />
    <meta name="twitter:title" content="${event.name}" />
    <meta name="twitter:description" content="${description}" />
    ${image ? html`<meta name="twitter:image" content="${image}" />` : ''}
    ${customDomainSlug ? html`<meta name="mingle:event-slug" content="${event.slug}" />` : ''}
    <link rel="preload" as="fetch" href="/api/public/events/${event.slug}" crossorigin="use-credentials" />`;
  return String(await tags);
}

/**
 * The app's index.html with the event's tags in place of the generic title and description. The replacement is a
 * function: a string replacement would read `$&`, `` $` ``, `$'` and `$<name>` in an organizer's event name as
 * patterns and splice parts of the page into the head.
 */
async function eventPageHtml(shell: string, event: EventRow, publicUrl: string, pageUrl: string, customDomain: boolean) {
  const tags = await metaTags(event, publicUrl, pageUrl, customDomain);
  return shell
    .replace(/<title>[\s\S]*?<\/title>/i, '')
    .replace(/<meta\s+name="description"[\s\S]*?\/?>/i, '')
    .replace(/<\/head>/i, () => `    ${tags}\n  </head>`);
}

async function answerEventPage(c: Context<AppEnv>, appShell: WebShell, slug: string, customDomain: boolean) {
  const ctx = c.get('ctx');
  const event = await findEventBySlug(ctx.db, slug);
  const headers = { 'Cache-Control': 'no-cache', Vary: 'Accept-Language' };
  const language = requestLanguage(c);
  // An unknown slug is the app's to answer ('Event not found', then home): the plain shell, as a 404.
  if (!event) return c.html(await appShell(c.req.path, language), 404, headers);
  const pageUrl = customDomain ? `https://${event.customDomain}/` : `${ctx.config.publicUrl}/event/${event.slug}`;
  return c.html(await eventPageHtml(await appShell(`/event/${slug}`, language), event, ctx.config.publicUrl, pageUrl, customDomain), 200, headers);
}

/** GET /event/:slug, served with the event's preview tags. */
export function publicPageRoutes(appShell: WebShell) {
  return createRouter().get('/:slug', (c) => answerEventPage(c, appShell, c.req.param('slug').toLowerCase(), false));
}

/** The hosts that are the app itself: never looked up as custom domains. */
function ownHosts(publicUrl: string): Set<string> {
  return new Set([new URL(publicUrl).hostname, 'localhost', '127.0.0.1', '[::1]']);
}

/**
 * A request for `/` on a host that is some event's custom domain (a CNAME to us) is that event's landing page.
 * Everything else on that host (assets, /event/…, the public API) is served as usual.
 */
export function customDomainPages(appShell: WebShell, publicUrl: string): MiddlewareHandler<AppEnv> {
  const own = ownHosts(publicUrl);
  return async (c, next) => {
    if (c.req.method !== 'GET' || c.req.path !== '/') return next();
    const host = (c.req.header('host') ?? '').toLowerCase().replace(/:\d+$/, '');
    if (!host || own.has(host)) return next();
    const slug = await eventSlugForDomain(c.get('ctx').db, host);
    if (!slug) return next();
    return answerEventPage(c, appShell, slug, true);
  };
}
