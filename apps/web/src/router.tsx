import { createBrowserRouter } from 'react-router';
import { BootFallback } from './app/boot-fallback';
import { RootLayout } from './app/root-layout';
import { RouteErrorPage } from './app/route-error-page';

// Every page is its own chunk, loaded when its route matches; each page module exports one named component.
const landingPage = () => import('@/features/marketing/landing-page').then((m) => ({ Component: m.LandingPage }));
const mailboxPage = () => import('@/features/dev-mailbox/mailbox-page').then((m) => ({ Component: m.MailboxPage }));
const notFoundPage = () => import('@/features/not-found/not-found-page').then((m) => ({ Component: m.NotFoundPage }));
const authPage = () => import('@/features/auth/auth-page').then((m) => ({ Component: m.AuthPage }));
const resetPasswordPage = () => import('@/features/auth/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage }));
const homeRedirect = () => import('@/features/home/home-redirect').then((m) => ({ Component: m.HomeRedirect }));
const profilePage = () => import('@/features/profile/profile-page').then((m) => ({ Component: m.ProfilePage }));
const welcomePage = () => import('@/features/profile/welcome-page').then((m) => ({ Component: m.WelcomePage }));
const dashboardPage = () => import('@/features/dashboard/dashboard-page').then((m) => ({ Component: m.DashboardPage }));
const createEventPage = () => import('@/features/events/create-event-page').then((m) => ({ Component: m.CreateEventPage }));
const agendaPage = () => import('@/features/agenda/agenda-page').then((m) => ({ Component: m.AgendaPage }));
const manageSessionsPage = () => import('@/features/agenda/manage-sessions-page').then((m) => ({ Component: m.ManageSessionsPage }));
const mySchedulePage = () => import('@/features/agenda/my-schedule-page').then((m) => ({ Component: m.MySchedulePage }));
const attendeesPage = () => import('@/features/attendees/attendees-page').then((m) => ({ Component: m.AttendeesPage }));
const meetingsPage = () => import('@/features/meetings/meetings-page').then((m) => ({ Component: m.MeetingsPage }));
const messagesPage = () => import('@/features/messages/messages-page').then((m) => ({ Component: m.MessagesPage }));
const connectPage = () => import('@/features/connect/connect-page').then((m) => ({ Component: m.ConnectPage }));
const manageSponsorsPage = () => import('@/features/sponsors/manage-sponsors-page').then((m) => ({ Component: m.ManageSponsorsPage }));
const boothsPage = () => import('@/features/booths/booths-page').then((m) => ({ Component: m.BoothsPage }));
const boothPage = () => import('@/features/booths/booth-page').then((m) => ({ Component: m.BoothPage }));
const boothRedirect = () => import('@/features/booths/booth-redirect').then((m) => ({ Component: m.BoothRedirect }));
const sponsorsNetworkingPage = () =>
  import('@/features/sponsors-networking/sponsors-networking-page').then((m) => ({ Component: m.SponsorsNetworkingPage }));
const feedPage = () => import('@/features/feed/feed-page').then((m) => ({ Component: m.FeedPage }));
const qaPage = () => import('@/features/qa/qa-page').then((m) => ({ Component: m.QaPage }));
const analyticsPage = () => import('@/features/analytics/analytics-page').then((m) => ({ Component: m.AnalyticsPage }));
const sponsorDashboardPage = () =>
  import('@/features/sponsor-dashboard/sponsor-dashboard-page').then((m) => ({ Component: m.SponsorDashboardPage }));
const volunteerDashboardPage = () =>
  import('@/features/volunteer-dashboard/volunteer-dashboard-page').then((m) => ({ Component: m.VolunteerDashboardPage }));
const managerDashboardPage = () =>
  import('@/features/manager-dashboard/manager-dashboard-page').then((m) => ({ Component: m.ManagerDashboardPage }));
const superAdminDashboardPage = () =>
  import('@/features/admin/super-admin-dashboard-page').then((m) => ({ Component: m.SuperAdminDashboardPage }));
const invitationsPage = () => import('@/features/invitations/invitations-page').then((m) => ({ Component: m.InvitationsPage }));
const supportPage = () => import('@/features/support/support-page').then((m) => ({ Component: m.SupportPage }));
const contactPage = () => import('@/features/support/contact-page').then((m) => ({ Component: m.ContactPage }));
const aboutPage = () => import('@/features/marketing/about-page').then((m) => ({ Component: m.AboutPage }));
const privacyPage = () => import('@/features/legal/privacy-page').then((m) => ({ Component: m.PrivacyPage }));
const termsPage = () => import('@/features/legal/terms-page').then((m) => ({ Component: m.TermsPage }));
const publicEventPage = () => import('@/features/public-event/public-event-page').then((m) => ({ Component: m.PublicEventPage }));
// On an event's custom domain the server marks `/` as that event's page (features/events/public-page-routes.ts on the server).
const homePage = () => (document.querySelector('meta[name="mingle:event-slug"]') ? publicEventPage() : landingPage());

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
      { index: true, lazy: homePage },
      { path: 'auth', lazy: authPage },
      { path: 'home', lazy: homeRedirect },
      { path: 'dashboard', lazy: dashboardPage },
      { path: 'sponsors-networking', lazy: sponsorsNetworkingPage },
      { path: 'event-manager-dashboard', lazy: managerDashboardPage },
      { path: 'super-admin-dashboard', lazy: superAdminDashboardPage },
      { path: 'volunteer-dashboard', lazy: volunteerDashboardPage },
      { path: 'profile', lazy: profilePage },
      // Not in the spec: the welcome step after sign-up (interests, goals, company, photo; skippable).
      { path: 'welcome', lazy: welcomePage },
      { path: 'events/create', lazy: createEventPage },
      { path: 'attendees', lazy: attendeesPage },
      { path: 'meetings', lazy: meetingsPage },
      { path: 'my-schedule', lazy: mySchedulePage },
      { path: 'events/:eventId/agenda', lazy: agendaPage },
      { path: 'events/:eventId/manage-sessions', lazy: manageSessionsPage },
      { path: 'events/:eventId/manage-sponsors', lazy: manageSponsorsPage },
      { path: 'events/:eventId/booths', lazy: boothsPage },
      { path: 'events/:eventId/booths/:sponsorId', lazy: boothPage },
      // Not in the route table: the spec's Visit Booth link on the sponsors page, sent on to the booth detail.
      { path: 'booth/:sponsorId', lazy: boothRedirect },
      { path: 'events/:eventId/sponsors/:sponsorId/dashboard', lazy: sponsorDashboardPage },
      { path: 'events/:eventId/analytics', lazy: analyticsPage },
      { path: 'events/:eventId/feed', lazy: feedPage },
      { path: 'sessions/:sessionId/qa', lazy: qaPage },
      { path: 'messages', lazy: messagesPage },
      { path: 'event-invitations', lazy: invitationsPage },
      { path: 'connect/:userId', lazy: connectPage },
      { path: 'support', lazy: supportPage },
      { path: 'contact', lazy: contactPage },
      { path: 'event/:eventSlug', lazy: publicEventPage },
      // Not in the spec's table: the footer's About Us, Privacy Policy and Terms of Service (decision 0121).
      { path: 'about', lazy: aboutPage },
      { path: 'privacy', lazy: privacyPage },
      { path: 'terms', lazy: termsPage },
      // Not in the spec: where the emailed "Forgot password?" link lands.
      { path: 'reset-password', lazy: resetPasswordPage },
      // Not in the spec: the outbox of a development server (the API answers 404 in production).
      { path: 'dev/mailbox', lazy: mailboxPage },
      // Any other path, including /create-event, which the spec mentions but never routes.
      { path: '*', lazy: notFoundPage },
    ],
  },
]);
