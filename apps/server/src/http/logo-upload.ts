import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { LIMITS } from '@mingle/shared/constants';
import { LOGO_SIZE_MESSAGE, LOGO_TYPE_MESSAGE } from '@mingle/shared/schemas/events';
import { errorBody, HttpError } from './errors.ts';

/**
 * A logo upload (an event's or a sponsor's): multipart with the file in the field `logo`. The size is limited on
 * the bytes received, the multipart envelope allowed for; the type is never taken from the request but checked when
 * the image is decoded (storage/images.ts).
 */
export const logoBodyLimit = bodyLimit({
  maxSize: LIMITS.logoBytes + 64 * 1024,
  onError: (c) => c.json(errorBody('payload_too_large', LOGO_SIZE_MESSAGE), 413),
});

/** The uploaded logo's bytes; a request that is not multipart, or has no file in `logo`, is a 415. */
export async function readLogo(c: Context): Promise<Uint8Array> {
  const form = await c.req.parseBody().catch(() => {
    throw new HttpError(415, 'unsupported_media_type', LOGO_TYPE_MESSAGE);
  });
  const file = form.logo;
  if (!(file instanceof File)) throw new HttpError(415, 'unsupported_media_type', LOGO_TYPE_MESSAGE);
  return new Uint8Array(await file.arrayBuffer());
}
