import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context } from 'hono';
import { OpenAPIHono } from '@hono/zod-openapi';
import { csrf } from 'hono/csrf';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { apiKeyOf, apiKeyScope, refuseApiKeys } from './platform/auth/api-key.ts';
import { sessionMiddleware } from './platform/auth/session.ts';
import type { AppContext } from './context.ts';
import { CLIENT_IP_HEADER } from './platform/auth/auth.ts';
import { clientIp } from './platform/http/client-ip.ts';
import { originCheck } from './platform/http/origin-check.ts';
import { eventWithSession } from './areas/event-access/index.ts';
import { devMailboxRoutes } from './areas/dev-mailbox/index.ts';
import { agendaRoutes } from './areas/agenda/index.ts';
import { customDomainPages, eventRoutes, publicEventRoutes, publicPageRoutes } from './areas/events/index.ts';
import { optionRoutes } from './areas/options/index.ts';
import { profileRoutes } from './areas/profiles/index.ts';
import { networkingRoutes } from './areas/networking/index.ts';
import { eventMeetingExportRoutes, meetingRoutes } from './areas/meetings/index.ts';
import { calendarFeedRoutes } from './areas/calendar-feeds/index.ts';
import { messageRoutes } from './areas/messages/index.ts';
import { authRoutes } from './areas/auth/index.ts';
import { sponsorRoutes } from './areas/sponsors/index.ts';
import { feedRoutes } from './areas/feed/index.ts';
import { qaRoutes } from './areas/qa/index.ts';
import { analyticsRoutes } from './areas/analytics/index.ts';
import { volunteerRoutes } from './areas/volunteers/index.ts';
import { managerDashboardRoutes } from './areas/manager-dashboard/index.ts';
import { adminRoutes } from './areas/admin/index.ts';
import { supportRoutes } from './areas/support/index.ts';
import { invitationRoutes } from './areas/invitations/index.ts';
import { checkInRoutes } from './areas/check-in/index.ts';
import { apiKeyRoutes } from './areas/api-keys/index.ts';
import { privacyRoutes } from './areas/privacy/index.ts';
import { registrationRoutes } from './areas/registrations/index.ts';
import { badgeRoutes } from './areas/badges/index.ts';
import { notificationRoutes, unsubscribeRoutes } from './areas/notifications/index.ts';
import { webhookRoutes } from './areas/webhooks/index.ts';
import { apiDocsRoutes } from './platform/http/api-docs.ts';
import { apiDocument } from './api-document.ts';
import type { AppEnv } from './platform/http/env.ts';
import { jsonGuard } from './platform/http/json-guard.ts';
import { securityHeaders } from './platform/http/security-headers.ts';
import { requestLanguage } from './platform/http/request-language.ts';
import { webShell } from './platform/http/web-shell.ts';
import { errorBody } from './platform/http/errors.ts';
import { handleError } from './platform/http/handle-error.ts';
import { validationHook } from './platform/http/validation.ts';
import { fileRoutes } from './platform/storage/routes.ts';
import { metricsRoutes } from './platform/observability/metrics-routes.ts';
import { observeRequests } from './platform/observability/request-log.ts';
import { healthRoutes } from './platform/http/health.ts';
import { msg } from '@mingle/shared/core/messages';

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Builds the whole HTTP app without listening, so tests call app.request() on it. */
export function createApp(ctx: AppContext) {
  // RegExpRouter matches a request in one regular expression (a static path in a map lookup), where the TrieRouter that
  // Hono falls back to walks our ~285 routes: 0.5 µs against 0.02 µs for /api/health, 2 µs against 0.1 µs for an event
  // read. It refuses a static segment where another route of the same method has a parameter (`/invitations/accept`
  // beside `/invitations/:id/resend`); naming it here makes such a route fail every test at once instead of
  // silently slowing every request (decision 0075).
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook, router: new RegExpRouter() });
  const origins = ctx.config.allowedOrigins;

  app.onError((error, c) => handleError(error, c, ctx.log));
  // The request id, a log line and the metrics of every request, the health check's included (decision 0175).
  app.use('*', ...observeRequests(ctx));
  // Liveness and readiness answer before all other middleware (decisions 0074, 0179).
  healthRoutes(app, ctx);
  // Every other response carries the security headers, this middleware's (decision 0135).
  app.use('*', securityHeaders());

  app.use('*', (c, next) => {
    c.set('ctx', ctx);
    return next();
  });

  // One-click unsubscribe (RFC 8058) is posted by mail clients with no Origin, cookie or CSRF token: its own routes
  // come before those checks and the session, with the signed token as the proof and their own rate limit.
  app.route('/api/unsubscribe', unsubscribeRoutes());
  // Prometheus scrapes with a token of its own, no session (decision 0175).
  app.route('/metrics', metricsRoutes());
  app.use('/api/*', originCheck(origins, ctx.config.publicUrl));
  // Better Auth's routes (password, two-factor, sign-out...) are a person's, never an API key's (decision 0170).
  app.use('/api/auth/*', refuseApiKeys());
  app.on(['GET', 'POST'], '/api/auth/*', async (c) => {
    // Better Auth rate-limits by the address in CLIENT_IP_HEADER, which only we set (see clientIp).
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, clientIp(c));
    const { method, url, body } = c.req.raw;
    const answer = await ctx.auth.handler(new Request(url, { method, headers, body, duplex: 'half' } as RequestInit));
    // Remade through the context, so that it carries the context's headers (the request id) as Hono's own answers do.
    return c.newResponse(answer.body, answer);
  });

  // A forged cross-site form rides on the browser's cookie; an API key travels in a header no form can set, so a
  // script's request with one (often no Origin, and a body-less POST that Hono's check takes for a form) skips it.
  const csrfCheck = csrf({ origin: origins });
  app.use('/api/*', (c, next) => (apiKeyOf(c.req.raw.headers) === null ? csrfCheck(c, next) : next()));
  app.use('/api/*', jsonGuard());
  app.use('/api/*', sessionMiddleware(ctx, eventWithSession));
  // A request made with an API key stays within the key's scope (read only, one event, never account routes).
  app.use('/api/*', apiKeyScope());

  app.route('/api/signup', authRoutes(ctx));
  app.route('/api/me', profileRoutes());
  app.route('/api/me', apiKeyRoutes());
  app.route('/api/me', privacyRoutes());
  app.route('/api/options', optionRoutes());
  app.route('/api/events', eventRoutes());
  app.route('/api/events', registrationRoutes());
  app.route('/api/events', badgeRoutes());
  app.route('/api/events', checkInRoutes());
  app.route('/api/events', webhookRoutes());
  app.route('/api/public/events', publicEventRoutes());
  app.route('/api', agendaRoutes());
  app.route('/api', sponsorRoutes());
  app.route('/api', feedRoutes());
  app.route('/api', qaRoutes());
  app.route('/api', analyticsRoutes());
  app.route('/api', volunteerRoutes());
  app.route('/api', managerDashboardRoutes());
  app.route('/api', adminRoutes());
  app.route('/api', supportRoutes());
  app.route('/api', invitationRoutes());
  app.route('/api', notificationRoutes());
  app.route('/api', networkingRoutes());
  app.route('/api/meetings', meetingRoutes());
  app.route('/api', eventMeetingExportRoutes());
  app.route('/api', calendarFeedRoutes());
  app.route('/api', messageRoutes());
  app.route('/api/dev/mailbox', devMailboxRoutes());

  const document = apiDocument(app, ctx);
  app.get('/api/openapi.json', async (c) => c.json(await document()));
  app.route('/api/docs', apiDocsRoutes());

  app.all('/api/*', (c) => c.json(errorBody('not_found', msg('Not found')), 404));
  app.route('/files', fileRoutes());

  const webDist = ctx.config.webDistDir ?? defaultWebDist;
  // Public event pages carry the event's preview tags in their HTML; an event's custom domain serves its page.
  const appShell = webShell(webDist);
  app.use('/', customDomainPages(appShell, ctx.config.publicUrl));
  app.route('/event', publicPageRoutes(appShell));
  if (existsSync(webDist)) {
    const root = path.relative(process.cwd(), webDist) || '.';
    app.use(
      '/assets/*',
      serveStatic({
        root,
        precompressed: true,
        onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
      }),
    );
    // The arrival pages' HTML names their texts in the visitor's language (web-shell.ts): it varies with Accept-Language.
    const shell = async (c: Context<AppEnv>) =>
      c.html(await appShell(c.req.path, requestLanguage(c)), 200, { 'Cache-Control': 'no-cache', Vary: 'Accept-Language' });
    app.get('/', shell); // before the static files, which would answer `/` with the plain index.html
    // The rest are the root's files under fixed names: the service worker (sw.js and what it imports), the web app
    // manifest and its icons. They are checked again on every use, so a deploy's new service worker reaches devices
    // at their next visit rather than a cache's lifetime later.
    app.use('*', serveStatic({ root, precompressed: true, onFound: (_path, c) => c.header('Cache-Control', 'no-cache') }));
    // Every other path is the single-page app; its router shows the spec's 404 page for unknown paths.
    app.get('*', shell);
  }
  return app;
}

export type App = ReturnType<typeof createApp>;
