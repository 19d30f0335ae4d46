import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { focusWithoutRing } from '@/components/skip-link';

/**
 * Tells screen reader users that a client-side navigation happened (decision 0188): once the new page has
 * rendered, focus moves to its h1 (or its main while the h1 is still loading), so reading and Tab continue from the
 * new page instead of from the link that was clicked, and a polite live region reads the new tab title. The first
 * page load is left alone: the browser announces it itself. Only a new path counts: a changed query string (a tab,
 * a filter) stays where the user is.
 */
export function RouteAnnouncer() {
  const { pathname, hash } = useLocation();
  const first = useRef(true);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // After the page's own effects (its tab title, its first render of data): the next frame.
    const frame = requestAnimationFrame(() => {
      const main = document.querySelector<HTMLElement>('main');
      // A dialog or menu that stays open keeps its focus.
      if (document.activeElement?.closest('[role="dialog"], [role="alertdialog"], [role="menu"]')) return;
      // A link to a section of the new page (the footer's Pricing to /#pricing) goes to that section, not to the top.
      const section = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
      const heading = main?.querySelector<HTMLElement>('h1');
      const target = section ?? heading ?? main;
      if (target) focusWithoutRing(target);
      setAnnouncement(document.title);
    });
    return () => cancelAnimationFrame(frame);
    // Only a new path moves focus; its hash is read when it does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);

  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="sr-only" data-testid="route-announcer">
      {announcement}
    </div>
  );
}
