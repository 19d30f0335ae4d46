import { createBrowserRouter } from 'react-router';
import { BootFallback } from './app/boot-fallback';
import { RootLayout } from './app/root-layout';
import { RouteErrorPage } from './app/route-error-page';

// Every page is its own chunk, loaded when its route matches; each page module exports one named component.
const landingPage = () => import('@/features/marketing/landing-page').then((m) => ({ Component: m.LandingPage }));
const mailboxPage = () => import('@/features/dev-mailbox/mailbox-page').then((m) => ({ Component: m.MailboxPage }));
const notFoundPage = () => import('@/features/not-found/not-found-page').then((m) => ({ Component: m.NotFoundPage }));

/**
 * The whole route table of the spec, each path once. Pages arrive with their issues: until a page exists,
 * its path points at the 404 page, and the issue that builds the page swaps `notFoundPage` for its import.
 */
export const router = createBrowserRouter([
  {
    Component: RootLayout,
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: BootFallback,
    children: [
      { index: true, lazy: landingPage },
      { path: 'auth', lazy: notFoundPage },
      { path: 'home', lazy: notFoundPage },
      { path: 'dashboard', lazy: notFoundPage },
      { path: 'sponsors-networking', lazy: notFoundPage },
      { path: 'event-manager-dashboard', lazy: notFoundPage },
      { path: 'super-admin-dashboard', lazy: notFoundPage },
      { path: 'volunteer-dashboard', lazy: notFoundPage },
      { path: 'profile', lazy: notFoundPage },
      { path: 'events/create', lazy: notFoundPage },
      { path: 'attendees', lazy: notFoundPage },
      { path: 'meetings', lazy: notFoundPage },
      { path: 'my-schedule', lazy: notFoundPage },
      { path: 'events/:eventId/agenda', lazy: notFoundPage },
      { path: 'events/:eventId/manage-sessions', lazy: notFoundPage },
      { path: 'events/:eventId/manage-sponsors', lazy: notFoundPage },
      { path: 'events/:eventId/booths', lazy: notFoundPage },
      { path: 'events/:eventId/booths/:sponsorId', lazy: notFoundPage },
      { path: 'events/:eventId/sponsors/:sponsorId/dashboard', lazy: notFoundPage },
      { path: 'events/:eventId/analytics', lazy: notFoundPage },
      { path: 'events/:eventId/feed', lazy: notFoundPage },
      { path: 'sessions/:sessionId/qa', lazy: notFoundPage },
      { path: 'messages', lazy: notFoundPage },
      { path: 'event-invitations', lazy: notFoundPage },
      { path: 'connect/:userId', lazy: notFoundPage },
      { path: 'support', lazy: notFoundPage },
      { path: 'contact', lazy: notFoundPage },
      { path: 'event/:eventSlug', lazy: notFoundPage },
      // Not in the spec: the outbox of a development server (the API answers 404 in production).
      { path: 'dev/mailbox', lazy: mailboxPage },
      // Any other path, including /booth/:sponsorId and /create-event, which the spec mentions but never routes.
      { path: '*', lazy: notFoundPage },
    ],
  },
]);
