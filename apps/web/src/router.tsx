import { createBrowserRouter } from 'react-router';
import { BootFallback } from './app/boot-fallback';
import { RootLayout } from './app/root-layout';
import { RouteErrorPage } from './app/route-error-page';

// Every page is its own chunk, loaded when its route matches; each page module exports one named component.
const landingPage = () => import('@/areas/marketing/landing-page').then((m) => ({ Component: m.LandingPage }));
const mailboxPage = () => import('@/areas/dev-mailbox/mailbox-page').then((m) => ({ Component: m.MailboxPage }));
const notFoundPage = () => import('@/app/not-found-page').then((m) => ({ Component: m.NotFoundPage }));
const authPage = () => import('@/areas/account/auth-page').then((m) => ({ Component: m.AuthPage }));
const resetPasswordPage = () => import('@/areas/account/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage }));
const homeRedirect = () => import('@/areas/home/home-redirect').then((m) => ({ Component: m.HomeRedirect }));
const profilePage = () => import('@/areas/profile/profile-page').then((m) => ({ Component: m.ProfilePage }));
const welcomePage = () => import('@/areas/profile/welcome-page').then((m) => ({ Component: m.WelcomePage }));
const dashboardPage = () => import('@/areas/dashboard/dashboard-page').then((m) => ({ Component: m.DashboardPage }));
const createEventPage = () => import('@/areas/events/create-event-page').then((m) => ({ Component: m.CreateEventPage }));
const agendaPage = () => import('@/areas/agenda/agenda-page').then((m) => ({ Component: m.AgendaPage }));
const manageSessionsPage = () => import('@/areas/agenda/manage-sessions-page').then((m) => ({ Component: m.ManageSessionsPage }));
const mySchedulePage = () => import('@/areas/agenda/my-schedule-page').then((m) => ({ Component: m.MySchedulePage }));
const attendeesPage = () => import('@/areas/networking/attendees-page').then((m) => ({ Component: m.AttendeesPage }));
const meetingsPage = () => import('@/areas/meetings/meetings-page').then((m) => ({ Component: m.MeetingsPage }));
const messagesPage = () => import('@/areas/messages/messages-page').then((m) => ({ Component: m.MessagesPage }));
const connectPage = () => import('@/areas/networking/connect-page').then((m) => ({ Component: m.ConnectPage }));
const manageSponsorsPage = () => import('@/areas/sponsors/manage-sponsors-page').then((m) => ({ Component: m.ManageSponsorsPage }));
const boothsPage = () => import('@/areas/sponsors/booths-page').then((m) => ({ Component: m.BoothsPage }));
const boothPage = () => import('@/areas/sponsors/booth-page').then((m) => ({ Component: m.BoothPage }));
const boothRedirect = () => import('@/areas/sponsors/booth-redirect').then((m) => ({ Component: m.BoothRedirect }));
const sponsorsNetworkingPage = () =>
  import('@/areas/sponsors/sponsors-networking-page').then((m) => ({ Component: m.SponsorsNetworkingPage }));
const feedPage = () => import('@/areas/feed/feed-page').then((m) => ({ Component: m.FeedPage }));
const qaPage = () => import('@/areas/qa/qa-page').then((m) => ({ Component: m.QaPage }));
const analyticsPage = () => import('@/areas/analytics/analytics-page').then((m) => ({ Component: m.AnalyticsPage }));
const sponsorDashboardPage = () =>
  import('@/areas/sponsors/sponsor-dashboard-page').then((m) => ({ Component: m.SponsorDashboardPage }));
const volunteerDashboardPage = () =>
  import('@/areas/volunteers/volunteer-dashboard-page').then((m) => ({ Component: m.VolunteerDashboardPage }));
const managerDashboardPage = () =>
  import('@/areas/manager-dashboard/manager-dashboard-page').then((m) => ({ Component: m.ManagerDashboardPage }));
const superAdminDashboardPage = () =>
  import('@/areas/admin/super-admin-dashboard-page').then((m) => ({ Component: m.SuperAdminDashboardPage }));
const invitationsPage = () => import('@/areas/invitations/invitations-page').then((m) => ({ Component: m.InvitationsPage }));
const supportPage = () => import('@/areas/support/support-page').then((m) => ({ Component: m.SupportPage }));
const contactPage = () => import('@/areas/support/contact-page').then((m) => ({ Component: m.ContactPage }));
const aboutPage = () => import('@/areas/marketing/about-page').then((m) => ({ Component: m.AboutPage }));
const privacyPage = () => import('@/areas/marketing/privacy-page').then((m) => ({ Component: m.PrivacyPage }));
const termsPage = () => import('@/areas/marketing/terms-page').then((m) => ({ Component: m.TermsPage }));
const publicEventPage = () => import('@/areas/events/public-event-page').then((m) => ({ Component: m.PublicEventPage }));
// On an event's custom domain the server marks `/` as that event's page (areas/events/public-page-routes.ts on the server).
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
