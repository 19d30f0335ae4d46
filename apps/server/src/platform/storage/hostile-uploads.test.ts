import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventWithCast } from '../../test/event-factories.ts';
import { useTestServer } from '../../test/harness.ts';

/**
 * Every upload route against a corpus of hostile files. Each one is refused with a 4xx, or stored neutralised:
 * served from /files with `nosniff` and a media type a browser never runs as a page, and, for images, re-encoded so
 * nothing of the original bytes (a script, an HTML tail) survives. Never a 5xx.
 */

const SCRIPT = '<script>alert(document.cookie)</script>';
const SAFE_TYPES = new Set(['image/webp', 'image/png', 'image/jpeg', 'video/mp4', 'video/webm']);

async function png(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: '#5b3fd9' } }).png().toBuffer();
}

/** A tiny PNG whose header claims width x height (CRC fixed up): a pixel flood. */
async function pngClaiming(width: number, height: number) {
  const bytes = await png(1, 1);
  const ihdr = 16;
  bytes.writeUInt32BE(width, ihdr);
  bytes.writeUInt32BE(height, ihdr + 4);
  bytes.writeUInt32BE(crc32(bytes.subarray(ihdr - 4, ihdr + 13)), ihdr + 13);
  return bytes;
}

/** An MP4 `ftyp` box followed by an HTML page: passes a magic-number check as a video. */
function mp4WithHtml() {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypisom', 4, 'latin1');
  ftyp.write('isommp41', 16, 'latin1');
  return Buffer.concat([ftyp, Buffer.from(`<html><body>${SCRIPT}</body></html>`)]);
}

interface HostileFile {
  name: string;
  filename: string;
  type: string;
  bytes: () => Promise<Buffer>;
  /** A real image carrying a payload: every route takes it, so the test sees what is served (never the payload). */
  storedEverywhere?: boolean;
}

const corpus: HostileFile[] = [
  { name: 'an SVG with a script', filename: 'logo.svg', type: 'image/svg+xml', bytes: async () => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" onload="alert(1)"><rect width="64" height="64"/>${SCRIPT}</svg>`) },
  { name: 'an HTML page named .png', filename: 'photo.png', type: 'image/png', bytes: async () => Buffer.from(`<!doctype html><html>${SCRIPT}</html>`) },
  { name: 'a GIF/JavaScript polyglot', filename: 'anim.gif', type: 'image/gif', bytes: async () => Buffer.from(`GIF89a/*\x01\x00\x01\x00\x00\x00\x00*/=0;alert(1)//`, 'latin1') },
  { name: 'a JPEG with HTML after its end', filename: 'photo.jpg', type: 'image/jpeg', bytes: async () => Buffer.concat([await sharp(await png(32, 32)).jpeg().toBuffer(), Buffer.from(SCRIPT)]), storedEverywhere: true },
  { name: 'a PNG with a script in a text chunk', filename: 'photo.png', type: 'image/png', bytes: async () => sharp(await png(32, 32)).png().withMetadata({ exif: { IFD0: { ImageDescription: SCRIPT } } }).toBuffer(), storedEverywhere: true },
  { name: 'a pixel flood', filename: 'flood.png', type: 'image/png', bytes: () => pngClaiming(60_000, 60_000) },
  { name: 'a truncated PNG', filename: 'half.png', type: 'image/png', bytes: async () => { const whole = await png(256, 256); return whole.subarray(0, Math.floor(whole.length / 2)); } },
  { name: 'an oversize file', filename: 'big.png', type: 'image/png', bytes: async () => Buffer.concat([await png(8, 8), Buffer.alloc(6 * 1024 * 1024, 7)]) },
  { name: 'an MP4 header in front of an HTML page', filename: 'clip.mp4', type: 'video/mp4', bytes: async () => mp4WithHtml() },
  { name: 'an HTML page named .mp4', filename: 'clip.mp4', type: 'video/mp4', bytes: async () => Buffer.from(`<html>${SCRIPT}</html>`) },
  { name: 'an empty file', filename: 'empty.png', type: 'image/png', bytes: async () => Buffer.alloc(0) },
];

describe('hostile uploads', () => {
  const server = useTestServer();
  let routes: Array<{ name: string; method: string; path: string; field: string; headers: Headers; urlOf: (body: Record<string, unknown>) => unknown }>;

  beforeAll(async () => {
    const cast = await eventWithCast(server);
    const sponsor = await server.send('POST', `/api/events/${cast.event.id}/sponsors`, cast.owner.headers, { companyName: 'Hostile Files Ltd' });
    expect(sponsor.status).toBe(201);
    const sponsorId = ((await sponsor.json()) as { id: string }).id;
    routes = [
      { name: 'avatar', method: 'POST', path: '/api/me/avatar', field: 'file', headers: cast.attendee.headers, urlOf: (body) => body.avatarUrl },
      { name: 'event logo', method: 'PUT', path: `/api/events/${cast.event.id}/logo`, field: 'logo', headers: cast.owner.headers, urlOf: (body) => body.logoUrl },
      { name: 'sponsor logo', method: 'PUT', path: `/api/sponsors/${sponsorId}/logo`, field: 'logo', headers: cast.owner.headers, urlOf: (body) => body.logoUrl },
      { name: 'feed media', method: 'POST', path: `/api/events/${cast.event.id}/feed/media`, field: 'media', headers: cast.attendee.headers, urlOf: (body) => body.mediaUrl },
    ];
  }, 60_000);

  it.each(corpus)('refuses or neutralises $name on every upload route', { timeout: 60_000 }, async (file) => {
    const bytes = await file.bytes();
    for (const route of routes) {
      const form = new FormData();
      form.set(route.field, new File([new Uint8Array(bytes)], file.filename, { type: file.type }));
      if (route.field === 'media') form.set('content', `Look at ${file.filename}`);
      const response = await server.send(route.method, route.path, route.headers, form);
      const text = await response.text();
      expect(response.status, `${route.name}: ${text}`).toBeLessThan(500);
      expect(text).not.toMatch(/\bat \S+\.ts:\d+|select .* from /i); // no stack trace, no SQL
      if (file.storedEverywhere) expect(response.status, `${route.name}: ${text}`).toBeLessThan(300);
      if (response.status >= 400) {
        expect([400, 413, 415, 422], `${route.name} answered ${response.status}`).toContain(response.status);
        continue;
      }
      const url = route.urlOf(JSON.parse(text) as Record<string, unknown>);
      expect(typeof url, `${route.name} stored it but answered no URL`).toBe('string');
      const served = await server.request(url as string);
      expect(served.status).toBe(200);
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      const type = served.headers.get('content-type') ?? '';
      expect(SAFE_TYPES.has(type.split(';')[0]!), `${route.name} serves ${file.name} as ${type}`).toBe(true);
      const body = Buffer.from(await served.arrayBuffer());
      if (type.startsWith('image/')) {
        expect(body.includes(Buffer.from('<script')), `${route.name} kept the script of ${file.name}`).toBe(false);
        await expect(sharp(body).metadata()).resolves.toMatchObject({ format: expect.stringMatching(/webp|png|jpeg/) });
      }
    }
  });
});
