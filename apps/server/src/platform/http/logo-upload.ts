import type { Context } from 'hono';
import { LIMITS } from '@mingle/shared/core/constants';
import { LOGO_SIZE_MESSAGE, LOGO_TYPE_MESSAGE } from '@mingle/shared/events/inputs';
import type { AppEnv } from './env.ts';
import { HttpError } from './errors.ts';
import { uploadGate } from './upload-gate.ts';

/**
 * A logo upload (an event's or a sponsor's): multipart with the file in the field `logo`. The size is limited on
 * the bytes received, the multipart envelope allowed for, and the caller's right is checked before the body is read (upload-gate.ts); the type is never taken from the request but checked when
 * the image is decoded (platform/storage/images.ts).
 */
export function logoUploadGate(authorize: (c: Context<AppEnv>) => Promise<unknown>) {
  return uploadGate({ maxBytes: LIMITS.logoBytes + 64 * 1024, sizeMessage: LOGO_SIZE_MESSAGE, authorize });
}

/** The uploaded logo's bytes; a request that is not multipart, or has no file in `logo`, is a 415. */
export async function readLogo(c: Context): Promise<Uint8Array> {
  const form = await c.req.parseBody().catch(() => {
    throw new HttpError(415, 'unsupported_media_type', LOGO_TYPE_MESSAGE);
  });
  const file = form.logo;
  if (!(file instanceof File)) throw new HttpError(415, 'unsupported_media_type', LOGO_TYPE_MESSAGE);
  return new Uint8Array(await file.arrayBuffer());
}

/**
 * A form that carries a logo among other fields (Configure Landing Page): the logo's bytes when a file was sent,
 * and the text fields; a field sent empty stays an empty string.
 */
export async function readLogoForm(c: Context): Promise<{ logo: Uint8Array | null; fields: Record<string, string> }> {
  const form = await c.req.parseBody().catch(() => {
    throw new HttpError(415, 'unsupported_media_type', LOGO_TYPE_MESSAGE);
  });
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(form)) if (typeof value === 'string') fields[name] = value;
  const file = form.logo;
  return { logo: file instanceof File ? new Uint8Array(await file.arrayBuffer()) : null, fields };
}
