import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../../config.ts';
import { HttpError } from '../http/errors.ts';
import { processImage, type ImageOptions } from './images.ts';

export interface StoredImage {
  /** Where the file lives in the store (`<folder>/<uuid>.webp`); keep it to delete the file later. */
  key: string;
  /**
   * The URL to show it: `/files/<key>` for local files (relative, so it works behind the Vite proxy, on any domain
   * the server answers on, and after PUBLIC_URL changes), the bucket's (or S3_PUBLIC_URL's) absolute URL on S3.
   */
  url: string;
  width: number;
  height: number;
}

export interface PutImageOptions extends ImageOptions {
  /** Chosen by code (e.g. `avatars`, `event-logos/<eventId>`): lower-case letters, digits, hyphens and slashes. */
  folder: string;
}

export interface Storage {
  kind: 'local' | 's3';
  /** Validates and re-encodes an image (images.ts), stores it under a generated key. Throws HttpError 413/415. */
  putImage(input: Uint8Array, options: PutImageOptions): Promise<StoredImage>;
  /**
   * Stores a video after checking its content (mp4 `ftyp` box or WebM EBML header, never the name or declared
   * type) and its size. Throws HttpError 413/415. Videos are stored as sent (no transcoding), served as video/*.
   */
  putVideo(input: Uint8Array, options: PutVideoOptions): Promise<StoredFile>;
  /** Removes a stored file; an unknown or malformed key is a no-op. */
  delete(key: string): Promise<void>;
  /** A locally stored file; null when missing, malformed, or the store is S3 (the bucket serves those URLs). */
  read(key: string): Promise<{ body: Uint8Array<ArrayBuffer>; contentType: string } | null>;
  /** The key behind a URL this store handed out, or null (to delete an old avatar or logo by its URL). */
  keyFromUrl(url: string): string | null;
}

export interface StoredFile {
  key: string;
  url: string;
  contentType: string;
}

export interface PutVideoOptions {
  folder: string;
  maxBytes: number;
  typeMessage: string;
  sizeMessage: string;
}

/** The container of a video by its first bytes: mp4 (an `ftyp` box at offset 4) or WebM (EBML 1A 45 DF A3). */
export function videoFormatOf(bytes: Uint8Array): 'mp4' | 'webm' | null {
  if (bytes.length >= 12 && bytes[4] === 0x66 && bytes[5] === 0x74 && bytes[6] === 0x79 && bytes[7] === 0x70) return 'mp4';
  if (bytes.length >= 4 && bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return 'webm';
  return null;
}

function checkVideo(input: Uint8Array, options: PutVideoOptions): { extension: 'mp4' | 'webm'; contentType: string } {
  if (input.byteLength > options.maxBytes) throw new HttpError(413, 'payload_too_large', options.sizeMessage);
  const format = videoFormatOf(input);
  if (!format) throw new HttpError(415, 'unsupported_media_type', options.typeMessage);
  return { extension: format, contentType: CONTENT_TYPES[format] };
}

/** The only keys we ever generate; anything else (`..`, absolute paths, odd characters) is refused. */
const KEY_PATTERN = /^[a-z0-9][a-z0-9-]*(?:\/[a-z0-9][a-z0-9-]*)*\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(webp|png|mp4|webm)$/;
const FOLDER_PATTERN = /^[a-z0-9][a-z0-9-]*(?:\/[a-z0-9][a-z0-9-]*)*$/;
const CONTENT_TYPES = { webp: 'image/webp', png: 'image/png', mp4: 'video/mp4', webm: 'video/webm' } as const;

export function isStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1) as keyof typeof CONTENT_TYPES] ?? 'application/octet-stream';
}

/** Local files are served by platform/storage/routes.ts under this path. */
export const FILES_PATH = '/files/';

/**
 * File storage: local disk under `<dataDir>/uploads` (served at /files/...), or an S3-compatible bucket when S3_* is
 * set (served by the bucket, or S3_PUBLIC_URL, e.g. a CDN in front of it). Keys are generated, never taken from user
 * input.
 */
export function createStorage(config: Pick<Config, 'dataDir' | 'publicUrl' | 's3'>): Storage {
  return config.s3 ? s3Storage(config.s3) : diskStorage(path.join(config.dataDir, 'uploads'), config.publicUrl);
}

function newKey(folder: string, extension: string): string {
  if (!FOLDER_PATTERN.test(folder)) throw new Error(`Invalid storage folder: ${folder}`);
  return `${folder}/${randomUUID()}.${extension}`;
}

function diskStorage(root: string, publicUrl: string): Storage {
  const base = FILES_PATH;
  const absoluteBase = `${publicUrl}${FILES_PATH}`;
  /** The file of a key, or null when the key is not one of ours or would leave the uploads folder. */
  const fileOf = (key: string): string | null => {
    if (!isStorageKey(key)) return null;
    const file = path.resolve(root, key);
    return file.startsWith(path.resolve(root) + path.sep) ? file : null;
  };
  return {
    kind: 'local',
    async putImage(input, options) {
      const image = await processImage(input, options);
      const key = newKey(options.folder, image.extension);
      const file = fileOf(key);
      if (!file) throw new Error(`Generated an invalid storage key: ${key}`);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside then renamed, so a reader never sees half a file.
      const temporary = `${file}.${process.pid}.tmp`;
      try {
        await writeFile(temporary, image.data);
        await rename(temporary, file);
      } catch (error) {
        await unlink(temporary).catch(() => undefined);
        throw error;
      }
      return { key, url: base + key, width: image.width, height: image.height };
    },
    async putVideo(input, options) {
      const video = checkVideo(input, options);
      const key = newKey(options.folder, video.extension);
      const file = fileOf(key);
      if (!file) throw new Error(`Generated an invalid storage key: ${key}`);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.tmp`;
      try {
        await writeFile(temporary, input);
        await rename(temporary, file);
      } catch (error) {
        await unlink(temporary).catch(() => undefined);
        throw error;
      }
      return { key, url: base + key, contentType: video.contentType };
    },
    async delete(key) {
      const file = fileOf(key);
      if (!file) return;
      await unlink(file).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    },
    async read(key) {
      const file = fileOf(key);
      if (!file) return null;
      try {
        return { body: await readFile(file), contentType: contentTypeOf(key) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'EISDIR') {
          return null;
        }
        throw error;
      }
    },
    keyFromUrl(url) {
      const prefix = [base, absoluteBase].find((candidate) => url.startsWith(candidate));
      if (!prefix) return null;
      const key = url.slice(prefix.length);
      return isStorageKey(key) ? key : null;
    },
  };
}

function s3Storage(s3: NonNullable<Config['s3']>): Storage {
  const client = new S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    // MinIO, Garage, R2 and most self-hosted stores want bucket-in-path addressing.
    forcePathStyle: Boolean(s3.endpoint),
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  });
  const base = `${(
    s3.publicUrl ??
    (s3.endpoint
      ? `${s3.endpoint.replace(/\/$/, '')}/${s3.bucket}`
      : `https://${s3.bucket}.s3.${s3.region}.amazonaws.com`)
  ).replace(/\/$/, '')}/`;
  return {
    kind: 's3',
    async putImage(input, options) {
      const image = await processImage(input, options);
      const key = newKey(options.folder, image.extension);
      await client.send(
        new PutObjectCommand({
          Bucket: s3.bucket,
          Key: key,
          Body: image.data,
          ContentType: image.contentType,
          // Keys are never reused, so the content under a URL never changes.
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
      return { key, url: base + key, width: image.width, height: image.height };
    },
    async putVideo(input, options) {
      const video = checkVideo(input, options);
      const key = newKey(options.folder, video.extension);
      await client.send(
        new PutObjectCommand({
          Bucket: s3.bucket,
          Key: key,
          Body: input,
          ContentType: video.contentType,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
      return { key, url: base + key, contentType: video.contentType };
    },
    async delete(key) {
      if (!isStorageKey(key)) return;
      await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: key }));
    },
    async read() {
      return null;
    },
    keyFromUrl(url) {
      if (!url.startsWith(base)) return null;
      const key = url.slice(base.length);
      return isStorageKey(key) ? key : null;
    },
  };
}
