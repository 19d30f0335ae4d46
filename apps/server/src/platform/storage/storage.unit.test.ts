import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { Hono } from 'hono';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors.ts';
import { fileRoutes } from './routes.ts';
import { createStorage, type Storage } from './storage.ts';

const MB = 1024 * 1024;
const publicUrl = 'http://localhost:3000';

async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

/** A tiny PNG whose header claims width x height (the CRC fixed up), as a pixel-flood attack sends it. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } }).png().toBuffer();
  const ihdr = 8 + 8; // signature, then length and "IHDR"
  png.writeUInt32BE(width, ihdr);
  png.writeUInt32BE(height, ihdr + 4);
  png.writeUInt32BE(crc32(png.subarray(ihdr - 4, ihdr + 13)), ihdr + 13);
  return png;
}

describe('local storage', () => {
  let dataDir: string;
  let storage: Storage;
  const avatar = { folder: 'avatars', maxBytes: 5 * MB, maxDimension: 512 };

  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'mingle-storage-'));
    storage = createStorage({ dataDir, publicUrl, s3: undefined });
  });

  it('stores a PNG as WebP, metadata gone, under a generated key', async () => {
    const input = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#3366cc' } })
      .png()
      .withExif({ IFD0: { Copyright: 'secret-gps-and-name' } })
      .toBuffer();
    expect((await sharp(input).metadata()).exif).toBeDefined();

    const stored = await storage.putImage(input, avatar);
    expect(stored.key).toMatch(/^avatars\/[0-9a-f-]{36}\.webp$/);
    expect(stored.url).toBe(`/files/${stored.key}`);
    expect([stored.width, stored.height]).toEqual([64, 32]);

    const file = await storage.read(stored.key);
    expect(file?.contentType).toBe('image/webp');
    const metadata = await sharp(file!.body).metadata();
    expect(metadata.format).toBe('webp');
    expect(metadata.exif).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(Buffer.from(file!.body).includes('secret-gps-and-name')).toBe(false);
  });

  it('applies the EXIF orientation, shrinks to maxDimension and never enlarges', async () => {
    // Stored 400x200 but marked "rotate 90°": shown 200x400.
    const rotated = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#fff' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const stored = await storage.putImage(rotated, { ...avatar, maxDimension: 100 });
    expect([stored.width, stored.height]).toEqual([50, 100]);
    expect((await sharp((await storage.read(stored.key))!.body).metadata()).orientation).toBeUndefined();

    const small = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#fff' } }).webp().toBuffer();
    const kept = await storage.putImage(small, avatar);
    expect([kept.width, kept.height]).toEqual([20, 10]);
  });

  it('refuses a text file named .png with 415, whatever its name', async () => {
    const error = await refusal(storage.putImage(Buffer.from('hello, I am not an image'), avatar));
    expect([error.status, error.code, error.message]).toEqual([
      415,
      'unsupported_media_type',
      'Please select a JPG, PNG, or WebP image',
    ]);
    expect((await refusal(storage.putImage(new Uint8Array(), avatar))).status).toBe(415);
  });

  it('refuses formats we do not take (GIF) with 415, and the message can be the caller’s', async () => {
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).gif().toBuffer();
    const error = await refusal(storage.putImage(gif, { ...avatar, typeMessage: 'Invalid file type' }));
    expect([error.status, error.message]).toEqual([415, 'Invalid file type']);
  });

  it('refuses an oversize upload with 413 before decoding it', async () => {
    const error = await refusal(storage.putImage(Buffer.alloc(5 * MB + 1), avatar));
    expect([error.status, error.code, error.message]).toEqual([413, 'payload_too_large', 'Image size must be less than 5MB']);
  });

  it('refuses a pixel flood (a small file claiming a huge image)', async () => {
    const flood = await pngClaiming(20_000, 20_000);
    expect(flood.byteLength).toBeLessThan(200);
    const error = await refusal(storage.putImage(flood, avatar));
    expect([error.status, error.code]).toEqual([413, 'payload_too_large']);

    const svgFlood = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"><rect width="10" height="10"/></svg>');
    expect((await refusal(storage.putImage(svgFlood, { ...avatar, allowSvg: true }))).status).toBe(413);
  });

  it('refuses an SVG unless allowed, and rasterises an allowed one to PNG with no script left', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="60" onload="alert(1)">' +
        '<script>alert(document.cookie)</script><rect width="120" height="60" fill="#c33"/></svg>',
    );
    expect((await refusal(storage.putImage(svg, avatar))).status).toBe(415);

    const stored = await storage.putImage(svg, { ...avatar, folder: 'event-logos/abc', allowSvg: true, maxDimension: 400 });
    expect(stored.key).toMatch(/^event-logos\/abc\/[0-9a-f-]{36}\.png$/);
    const file = (await storage.read(stored.key))!;
    expect(file.contentType).toBe('image/png');
    expect((await sharp(file.body).metadata()).format).toBe('png');
    const bytes = Buffer.from(file.body);
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(bytes.includes('<script')).toBe(false);
    expect(bytes.includes('alert')).toBe(false);
    expect([stored.width, stored.height]).toEqual([120, 60]);
  });

  it('never reads outside the uploads folder, nor anything but a generated key', async () => {
    writeFileSync(path.join(dataDir, 'secret.webp'), 'secret');
    const stored = await storage.putImage(
      await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } }).png().toBuffer(),
      avatar,
    );
    const id = stored.key.split('/')[1]!;
    for (const key of [
      '../secret.webp',
      'avatars/../../secret.webp',
      `avatars/../../${id}`,
      '/etc/passwd',
      `${dataDir}/secret.webp`,
      'avatars/%2e%2e/secret.webp',
      `avatars\\..\\..\\${id}`,
      `AVATARS/${id}`,
      `avatars/${id}.tmp`,
      '',
    ]) {
      expect(await storage.read(key)).toBeNull();
    }
    expect(await storage.read(stored.key)).not.toBeNull();
    expect(await storage.read('avatars/00000000-0000-0000-0000-000000000000.webp')).toBeNull();
  });

  it('deletes by key, finds the key of its own URLs, and ignores anything else', async () => {
    const stored = await storage.putImage(
      await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } }).png().toBuffer(),
      avatar,
    );
    expect(storage.keyFromUrl(stored.url)).toBe(stored.key);
    expect(storage.keyFromUrl(`${publicUrl}${stored.url}`)).toBe(stored.key);
    expect(storage.keyFromUrl('https://avatars.githubusercontent.com/u/1')).toBeNull();
    expect(storage.keyFromUrl(`${publicUrl}/files/../secret.webp`)).toBeNull();
    await storage.delete('../secret.webp');
    await storage.delete(stored.key);
    await storage.delete(stored.key); // twice: no error
    expect(await storage.read(stored.key)).toBeNull();
  });

  it('refuses a folder that is not ours to name', async () => {
    const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } }).png().toBuffer();
    for (const folder of ['../x', '/abs', 'Avatars', 'a//b', 'a/', '']) {
      await expect(storage.putImage(png, { ...avatar, folder })).rejects.toThrow(/Invalid storage folder/);
    }
  });

  it('serves a stored file with safe headers at GET /files/<key>, 404 otherwise', async () => {
    const app = new Hono().route('/files', fileRoutes(storage));
    const stored = await storage.putImage(
      await sharp({ create: { width: 3, height: 3, channels: 3, background: '#0f0' } }).png().toBuffer(),
      avatar,
    );
    const response = await app.request(`/files/${stored.key}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).format).toBe('webp');

    for (const missing of [
      '/files/avatars/00000000-0000-0000-0000-000000000000.webp',
      '/files/%2e%2e/secret.webp',
      '/files/avatars/..%2f..%2fsecret.webp',
      '/files/',
    ]) {
      const notFound = await app.request(missing);
      expect(notFound.status).toBe(404);
    }
  });
});

describe('S3 storage', () => {
  it('builds path-style URLs on a custom endpoint, and reads nothing locally', () => {
    const storage = createStorage({
      dataDir: '/nonexistent',
      publicUrl,
      s3: { endpoint: 'http://127.0.0.1:9000/', region: 'us-east-1', bucket: 'mingle', accessKeyId: 'k', secretAccessKey: 's' },
    });
    expect(storage.kind).toBe('s3');
    const key = 'avatars/00000000-0000-0000-0000-000000000000.webp';
    expect(storage.keyFromUrl(`http://127.0.0.1:9000/mingle/${key}`)).toBe(key);
    return expect(storage.read(key)).resolves.toBeNull();
  });
});
