/**
 * The text namespaces of the pages people arrive on from outside (a link, a search, a shared event): the web app
 * loads them with each page's code (apps/web router.tsx, `withTexts`) and the server names them in the page's HTML
 * for the browser to preload (apps/server platform/http/web-shell.ts, decision 0201). One list for both, so that a
 * namespace added to a page is preloaded too.
 */
export const ARRIVAL_PAGE_TEXTS = {
  landing: ['marketing'],
  auth: ['auth'],
  // The event page's dates and times are in ZonedTime, whose words (`locale`) would otherwise arrive after the event.
  publicEvent: ['events', 'locale'],
} as const;
