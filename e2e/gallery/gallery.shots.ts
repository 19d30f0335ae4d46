import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { test, useSessionOf, type DemoRole } from '../fixtures';

// The main screens of the product, as each role sees them on the demo event. Each is the first screenful (what a
// person sees on opening the page), saved as a palette PNG so the gallery stays small enough to live in the repo.
const outDir = path.resolve('docs/screenshots');

interface DemoIds {
  eventId: string;
  sessionId: string;
  sponsorId: string;
}

interface Screen {
  name: string;
  role: DemoRole | 'visitor';
  path: (ids: DemoIds) => string;
  /** The heading that says the page has loaded (/./: its first heading, the data being awaited by networkidle). */
  ready: string | RegExp;
}

const SCREENS: Screen[] = [
  { name: 'landing', role: 'visitor', path: () => '/', ready: /Register Free/ },
  { name: 'sign-in', role: 'visitor', path: () => '/auth', ready: /./ },
  { name: 'public-event', role: 'visitor', path: () => '/event/demo-summit', ready: 'Demo Summit 2026' },
  { name: 'dashboard', role: 'attendee', path: () => '/dashboard', ready: /Welcome|Dashboard/ },
  { name: 'discover-attendees', role: 'attendee', path: () => '/attendees', ready: /Attendees|Networking/ },
  { name: 'meetings', role: 'attendee', path: () => '/meetings', ready: /Meetings/ },
  { name: 'my-schedule', role: 'attendee', path: () => '/my-schedule', ready: /Schedule/ },
  { name: 'agenda', role: 'attendee', path: ({ eventId }) => `/events/${eventId}/agenda`, ready: 'Demo Summit 2026' },
  { name: 'session-qa', role: 'attendee', path: ({ sessionId }) => `/sessions/${sessionId}/qa`, ready: /./ },
  { name: 'virtual-booths', role: 'attendee', path: ({ eventId }) => `/events/${eventId}/booths`, ready: /./ },
  { name: 'booth', role: 'attendee', path: ({ eventId, sponsorId }) => `/events/${eventId}/booths/${sponsorId}`, ready: /./ },
  { name: 'event-feed', role: 'attendee', path: ({ eventId }) => `/events/${eventId}/feed`, ready: /./ },
  { name: 'messages', role: 'attendee', path: () => '/messages', ready: /./ },
  { name: 'profile', role: 'attendee', path: () => '/profile', ready: /./ },
  { name: 'sponsors-networking', role: 'attendee', path: () => '/sponsors-networking', ready: /./ },
  { name: 'manager-dashboard', role: 'owner', path: () => '/event-manager-dashboard', ready: /Dashboard|Manager/ },
  { name: 'event-analytics', role: 'owner', path: ({ eventId }) => `/events/${eventId}/analytics`, ready: 'Event Analytics' },
  { name: 'manage-sessions', role: 'owner', path: ({ eventId }) => `/events/${eventId}/manage-sessions`, ready: /Sessions/ },
  { name: 'registrations', role: 'owner', path: ({ eventId }) => `/events/${eventId}/registrations`, ready: 'Registrations' },
  { name: 'manage-sponsors', role: 'owner', path: ({ eventId }) => `/events/${eventId}/manage-sponsors`, ready: /Sponsors/ },
  { name: 'sponsor-dashboard', role: 'owner', path: ({ eventId, sponsorId }) => `/events/${eventId}/sponsors/${sponsorId}/dashboard`, ready: /./ },
  { name: 'event-invitations', role: 'owner', path: ({ eventId }) => `/event-invitations?eventId=${eventId}`, ready: /Invit/ },
  { name: 'volunteer-dashboard', role: 'volunteer', path: () => '/volunteer-dashboard', ready: /Volunteer/ },
  { name: 'super-admin', role: 'admin', path: () => '/super-admin-dashboard', ready: /Admin/ },
  { name: 'support', role: 'attendee', path: () => '/support', ready: /./ },
];

async function demoIds(request: APIRequestContext): Promise<DemoIds> {
  const event = (await (await request.get('/api/public/events/demo-summit')).json()) as { id: string };
  const agenda = (await (await request.get(`/api/events/${event.id}/agenda`)).json()) as { sessions: Array<{ id: string }> };
  const { sponsors } = (await (await request.get(`/api/events/${event.id}/sponsors`)).json()) as { sponsors: Array<{ id: string }> };
  return { eventId: event.id, sessionId: agenda.sessions[0]!.id, sponsorId: sponsors[0]!.id };
}

async function capture(page: Page, name: string): Promise<void> {
  // Still pictures: no half-faded dialogs or toasts, no caret, images loaded.
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForFunction("document.getAnimations().every((animation) => animation.playState !== 'running')", undefined, { timeout: 2000 }).catch(() => undefined);
  const width = page.viewportSize()?.width ?? 0;
  const png = await page.screenshot({ scale: 'css', caret: 'hide', animations: 'disabled' });
  mkdirSync(outDir, { recursive: true });
  await sharp(png).png({ palette: true, quality: 80, compressionLevel: 9 }).toFile(path.join(outDir, `${name}-${width}.png`));
}

/** docs/screenshots/README.md: the gallery's index, one row per screen, phone beside laptop. */
function writeIndex(): void {
  const rows = SCREENS.map(
    (screen) => `| ${screen.name} (${screen.role}) | ![${screen.name} on a phone](${screen.name}-390.png) | ![${screen.name} on a laptop](${screen.name}-1280.png) |`,
  );
  const text = [
    '# Screenshots',
    '',
    'The main screens on the demo event, at 390 px (a phone) and 1280 px (a laptop). Refresh them all with',
    '`npm run screenshots` (builds the web app, starts a fresh demo server, writes this folder).',
    '',
    '| screen (signed in as) | phone | laptop |',
    '|---|---|---|',
    ...rows,
    '',
  ].join('\n');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, 'README.md'), text);
}

test.beforeAll(writeIndex);
test.use({ contextOptions: { reducedMotion: 'reduce' }, timezoneId: 'Europe/London', locale: 'en-GB' });

for (const role of ['visitor', 'attendee', 'owner', 'volunteer', 'admin'] as const) {
  test(`gallery: ${role}`, async ({ page }) => {
    if (role !== 'visitor') await useSessionOf(page, role);
    const screens = SCREENS.filter((candidate) => candidate.role === role);
    // A visitor's screens need no ids (and a visitor may not read the agenda they come from).
    const ids = role === 'visitor' ? ({} as DemoIds) : await demoIds(page.request);
    for (const screen of screens) {
      await page.goto(screen.path(ids));
      await page.getByRole('heading', { name: screen.ready }).first().waitFor();
      await capture(page, screen.name);
    }
  });
}
