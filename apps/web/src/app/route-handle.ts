import { useMatches } from 'react-router';

/** What a route of router.tsx says about its page besides the component. */
export interface RouteHandle {
  /** The tab's title, before " · Mingle"; none on the landing page, whose tab reads just "Mingle". */
  title?: string;
  /** Classes for the app frame's main column (e.g. a narrower max width). */
  main?: string;
}

/** The handle of the deepest matched route that has one: the page's, since layout routes carry none. */
export function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle as RouteHandle | undefined;
    if (handle) return handle;
  }
  return {};
}
