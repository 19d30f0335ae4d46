import { createBrowserRouter } from 'react-router';
import { BootFallback } from './app/boot-fallback';
import { RootLayout } from './app/root-layout';
import { RouteErrorPage } from './app/route-error-page';
import type { RouteHandle } from './app/route-handle';
import { ARRIVAL_PAGE_TEXTS } from '@mingle/shared/core/arrival-pages';
import { eventDomainSlug } from '@/lib/event-domain';
import { i18n, msg } from '@/lib/i18n';

/** A page's code and its area's texts (lib/i18n.ts) loaded together, so a page never waits on its words. */
function withTexts<T>(namespace: string | readonly string[], load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), i18n.loadNamespaces(namespace)]).then(([route]) => route);
}

// The layouts of app pages load with their first page, so that the landing page does not carry them.
const requireAuth = () => import('@/app/require-auth').then((m) => ({ Component: m.RequireAuth }));
const appFrame = withTexts(['common', 'notifications'], () => import('@/app/app-header').then((m) => ({ Component: m.AppPage })));
// Every page is its own chunk, loaded when its route matches; each page module exports one named component.
const landingPage = withTexts(ARRIVAL_PAGE_TEXTS.landing, () => import('@/areas/marketing/landing-page').then((m) => ({ Component: m.LandingPage })));
const mailboxPage = withTexts('dev-mailbox', () => import('@/areas/dev-mailbox/mailbox-page').then((m) => ({ Component: m.MailboxPage })));
const notFoundPage = () => import('@/components/not-found-page').then((m) => ({ Component: m.NotFoundPage }));
const authPage = withTexts(ARRIVAL_PAGE_TEXTS.auth, () => import('@/areas/auth/auth-page').then((m) => ({ Component: m.AuthPage })));
const resetPasswordPage = withTexts('auth', () => import('@/areas/auth/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })));
const homeRedirect = withTexts('home', () => import('@/areas/home/home-redirect').then((m) => ({ Component: m.HomeRedirect })));
const profilePage = withTexts(['profiles', 'privacy'], () => import('@/areas/profiles/profile-page').then((m) => ({ Component: m.ProfilePage })));
const apiKeysPage = withTexts('api-keys', () => import('@/areas/api-keys/api-keys-page').then((m) => ({ Component: m.ApiKeysPage })));
const accountDeletedPage = withTexts('privacy', () => import('@/areas/privacy/account-deleted-page').then((m) => ({ Component: m.AccountDeletedPage })));
const welcomePage = withTexts('profiles', () => import('@/areas/profiles/welcome-page').then((m) => ({ Component: m.WelcomePage })));
// The dashboard shows parts of other areas (event cards with their menus and registration buttons, goodies,
// invitations, the support dialog): their texts load with the page, so a part's first showing does not suspend the
// page's content (and take keyboard focus out of it) while its words arrive.
const dashboardPage = withTexts(['dashboard', 'events', 'registrations', 'invitations', 'volunteers', 'support', 'locale'], () => import('@/areas/dashboard/dashboard-page').then((m) => ({ Component: m.DashboardPage })));
const createEventPage = withTexts('events', () => import('@/areas/events/create-event-page').then((m) => ({ Component: m.CreateEventPage })));
const agendaPage = withTexts('agenda', () => import('@/areas/agenda/agenda-page').then((m) => ({ Component: m.AgendaPage })));
const registrationsPage = withTexts('registrations', () => import('@/areas/registrations/registrations-page').then((m) => ({ Component: m.RegistrationsPage })));
const doorCheckInPage = withTexts('check-in', () => import('@/areas/check-in/door-page').then((m) => ({ Component: m.DoorCheckInPage })));
const webhooksPage = withTexts('webhooks', () => import('@/areas/webhooks/webhooks-page').then((m) => ({ Component: m.WebhooksPage })));
const manageSessionsPage = withTexts('agenda', () => import('@/areas/agenda/manage-sessions-page').then((m) => ({ Component: m.ManageSessionsPage })));
const mySchedulePage = withTexts('agenda', () => import('@/areas/agenda/my-schedule-page').then((m) => ({ Component: m.MySchedulePage })));
const attendeesPage = withTexts('networking', () => import('@/areas/networking/attendees-page').then((m) => ({ Component: m.AttendeesPage })));
const meetingsPage = withTexts('meetings', () => import('@/areas/meetings/meetings-page').then((m) => ({ Component: m.MeetingsPage })));
const notificationsPage = withTexts('notifications', () => import('@/areas/notifications/notifications-page').then((m) => ({ Component: m.NotificationsPage })));
const messagesPage = withTexts('direct-messages', () => import('@/areas/messages/messages-page').then((m) => ({ Component: m.MessagesPage })));
const connectPage = withTexts('networking', () => import('@/areas/networking/connect-page').then((m) => ({ Component: m.ConnectPage })));
const manageSponsorsPage = withTexts('sponsors', () => import('@/areas/sponsors/manage-sponsors-page').then((m) => ({ Component: m.ManageSponsorsPage })));
const boothsPage = withTexts('sponsors', () => import('@/areas/sponsors/booths-page').then((m) => ({ Component: m.BoothsPage })));
const boothPage = withTexts('sponsors', () => import('@/areas/sponsors/booth-page').then((m) => ({ Component: m.BoothPage })));
const boothRedirect = withTexts('sponsors', () => import('@/areas/sponsors/booth-redirect').then((m) => ({ Component: m.BoothRedirect })));
const sponsorsNetworkingPage = withTexts('sponsors', () =>
  import('@/areas/sponsors/sponsors-networking-page').then((m) => ({ Component: m.SponsorsNetworkingPage })));
const feedPage = withTexts('feed', () => import('@/areas/feed/feed-page').then((m) => ({ Component: m.FeedPage })));
const qaPage = withTexts('qa', () => import('@/areas/qa/qa-page').then((m) => ({ Component: m.QaPage })));
const analyticsPage = withTexts('analytics', () => import('@/areas/analytics/analytics-page').then((m) => ({ Component: m.AnalyticsPage })));
const sponsorDashboardPage = withTexts('sponsors', () =>
  import('@/areas/sponsors/sponsor-dashboard-page').then((m) => ({ Component: m.SponsorDashboardPage })));
const volunteerDashboardPage = withTexts('volunteers', () =>
  import('@/areas/volunteers/volunteer-dashboard-page').then((m) => ({ Component: m.VolunteerDashboardPage })));
const managerDashboardPage = withTexts('manager-dashboard', () =>
  import('@/areas/manager-dashboard/manager-dashboard-page').then((m) => ({ Component: m.ManagerDashboardPage })));
const superAdminDashboardPage = withTexts('admin', () =>
  import('@/areas/admin/super-admin-dashboard-page').then((m) => ({ Component: m.SuperAdminDashboardPage })));
const invitationsPage = withTexts('invitations', () => import('@/areas/invitations/invitations-page').then((m) => ({ Component: m.InvitationsPage })));
const supportPage = withTexts('support', () => import('@/areas/support/support-page').then((m) => ({ Component: m.SupportPage })));
const contactPage = withTexts('support', () => import('@/areas/support/contact-page').then((m) => ({ Component: m.ContactPage })));
const aboutPage = withTexts('marketing', () => import('@/areas/marketing/about-page').then((m) => ({ Component: m.AboutPage })));
const privacyPage = withTexts('marketing', () => import('@/areas/marketing/privacy-page').then((m) => ({ Component: m.PrivacyPage })));
const termsPage = withTexts('marketing', () => import('@/areas/marketing/terms-page').then((m) => ({ Component: m.TermsPage })));
const publicEventPage = withTexts(ARRIVAL_PAGE_TEXTS.publicEvent, () => import('@/areas/events/public-event-page').then((m) => ({ Component: m.PublicEventPage })));
// Its loader is a chunk of its own, lazy apart from the page, so the event is asked for while the page's code loads.
const publicEventLoader = () => import('@/areas/events/public-event-loader').then((m) => m.publicEventLoader);
// On an event's custom domain `/` is that event's page.
const onEventDomain = () => eventDomainSlug() !== null;
const homePage = {
  loader: async () => (onEventDomain() ? publicEventLoader() : undefined),
  Component: async () => (await (onEventDomain() ? publicEventPage() : landingPage())).Component,
};

/** A page route's handle, typed: its tab title and what else `RouteHandle` lets it say. */
const page = (title: string, rest: Omit<RouteHandle, 'title'> = {}): RouteHandle => ({ title, ...rest });

/**
 * The whole route table of the spec, each path once, under the layouts its pages share: RequireAuth for the
 * signed-in pages, the app frame (header and main column) for app pages; each route's handle gives its tab title
 * (app/route-handle.ts). Pages arrive with their issues: until a page exists, its path points at the 404 page, and
 * the issue that builds the page swaps `notFoundPage` for its import.
 */
export const router = createBrowserRouter([
  {
    Component: RootLayout,
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: BootFallback,
    children: [
      { index: true, lazy: homePage },
      { path: 'auth', lazy: authPage, handle: page(msg('Sign in')) },
      {
        lazy: requireAuth,
        children: [
          { path: 'home', lazy: homeRedirect },
          {
            lazy: appFrame,
            children: [
              { path: 'dashboard', lazy: dashboardPage, handle: page(msg('Dashboard')) },
              { path: 'sponsors-networking', lazy: sponsorsNetworkingPage, handle: page(msg('Sponsors and Networking')) },
              { path: 'event-manager-dashboard', lazy: managerDashboardPage, handle: page(msg('Event Manager Dashboard')) },
              { path: 'super-admin-dashboard', lazy: superAdminDashboardPage, handle: page(msg('Super Admin Dashboard')) },
              { path: 'volunteer-dashboard', lazy: volunteerDashboardPage, handle: page(msg('Volunteer Dashboard')) },
              { path: 'profile', lazy: profilePage, handle: page(msg('My Profile')) },
              // Not in the spec: the person's API keys (issue 21).
              { path: 'profile/api-keys', lazy: apiKeysPage, handle: page(msg('API keys'), { main: 'max-w-3xl' }) },
              // Not in the spec: the welcome step after sign-up (interests, goals, company, photo; skippable).
              { path: 'welcome', lazy: welcomePage, handle: page(msg('Welcome'), { main: 'max-w-3xl' }) },
              { path: 'events/create', lazy: createEventPage, handle: page(msg('Create Event'), { main: 'max-w-3xl' }) },
              { path: 'attendees', lazy: attendeesPage, handle: page(msg('Discover Attendees')) },
              { path: 'meetings', lazy: meetingsPage, handle: page(msg('My Meetings'), { main: 'max-w-4xl' }) },
              { path: 'my-schedule', lazy: mySchedulePage, handle: page(msg('My Schedule'), { main: 'max-w-4xl' }) },
              { path: 'events/:eventId/agenda', lazy: agendaPage, handle: page(msg('Agenda')) },
              { path: 'events/:eventId/manage-sessions', lazy: manageSessionsPage, handle: page(msg('Manage Sessions')) },
              // Not in the spec: capacity, waitlist and the organizer's lists of registrations (issue 20).
              { path: 'events/:eventId/registrations', lazy: registrationsPage, handle: page(msg('Registrations')) },
              // Not in the spec: the door, for the event's volunteers and organizers (issue 20).
              { path: 'events/:eventId/check-in', lazy: doorCheckInPage, handle: page(msg('Door Check-in')) },
              // Not in the spec: the event's webhook endpoints and their delivery log, for its organizers (issue 21).
              { path: 'events/:eventId/webhooks', lazy: webhooksPage, handle: page(msg('Webhooks')) },
              { path: 'events/:eventId/manage-sponsors', lazy: manageSponsorsPage, handle: page(msg('Manage Sponsors')) },
              { path: 'events/:eventId/booths', lazy: boothsPage, handle: page(msg('Virtual Booths')) },
              { path: 'events/:eventId/booths/:sponsorId', lazy: boothPage, handle: page(msg('Booth')) },
              // Not in the route table: the spec's Visit Booth link on the sponsors page, sent on to the booth detail.
              { path: 'booth/:sponsorId', lazy: boothRedirect, handle: page(msg('Booth')) },
              {
                path: 'events/:eventId/sponsors/:sponsorId/dashboard',
                lazy: sponsorDashboardPage,
                handle: page(msg('Sponsor dashboard')),
              },
              { path: 'events/:eventId/analytics', lazy: analyticsPage, handle: page(msg('Event Analytics')) },
              { path: 'events/:eventId/feed', lazy: feedPage, handle: page(msg('Event Feed'), { main: 'max-w-3xl' }) },
              { path: 'sessions/:sessionId/qa', lazy: qaPage, handle: page(msg('Q&A'), { main: 'max-w-3xl' }) },
              { path: 'messages', lazy: messagesPage, handle: page(msg('Messages')) },
              { path: 'notifications', lazy: notificationsPage, handle: page(msg('Notifications'), { main: 'max-w-3xl' }) },
              { path: 'event-invitations', lazy: invitationsPage, handle: page(msg('Send Event Invitations'), { main: 'max-w-3xl' }) },
              { path: 'connect/:userId', lazy: connectPage, handle: page(msg('Connect'), { main: 'max-w-lg' }) },
            ],
          },
        ],
      },
      // Public pages in the app frame: its header offers a visitor Sign In and Get Started.
      {
        lazy: appFrame,
        children: [
          { path: 'support', lazy: supportPage, handle: page(msg('Support Center')) },
          { path: 'contact', lazy: contactPage, handle: page(msg('Contact Us')) },
        ],
      },
      // Untitled like the landing page until the event's name arrives (the page names its tab then).
      { path: 'event/:eventSlug', lazy: { loader: publicEventLoader, Component: async () => (await publicEventPage()).Component } },
      // Not in the spec's table: the footer's About Us, Privacy Policy and Terms of Service (decision 0121).
      { path: 'about', lazy: aboutPage, handle: page(msg('About Mingle')) },
      { path: 'privacy', lazy: privacyPage, handle: page(msg('Privacy Policy')) },
      { path: 'terms', lazy: termsPage, handle: page(msg('Terms of Service')) },
      // Not in the spec: where a deleted account lands, signed out (decision 0186).
      { path: 'account-deleted', lazy: accountDeletedPage },
      // Not in the spec: where the emailed "Forgot password?" link lands.
      { path: 'reset-password', lazy: resetPasswordPage, handle: page(msg('Reset password')) },
      // Not in the spec: the outbox of a development server (the API answers 404 in production).
      { path: 'dev/mailbox', lazy: mailboxPage, handle: page(msg('Mailbox')) },
      // Any other path, including /create-event, which the spec mentions but never routes.
      { path: '*', lazy: notFoundPage, handle: page(msg('Page Not Found')) },
    ],
  },
]);
