import { createRouter } from '../http/env.ts';
import { errorBody } from '../http/errors.ts';
import { FILES_PATH } from './storage.ts';

/**
 * Serves locally stored files at GET /files/<key> (mounted at the root app). Every file was re-encoded by sharp
 * (images.ts); the headers make sure a browser still never treats one as anything but the stored image type: no
 * sniffing, no scripts or subresources even if opened directly. Keys are never reused, so files are cached for good.
 * With S3 storage the bucket serves the files and this answers 404.
 */
export function fileRoutes() {
  const router = createRouter();
  router.get(`${FILES_PATH}*`, async (c) => {
    const key = c.req.path.slice(FILES_PATH.length);
    const file = await c.get('ctx').storage.read(key);
    if (!file) return c.json(errorBody('not_found', 'Not found'), 404);
    return c.body(file.body, 200, {
      'Content-Type': file.contentType,
      'Content-Length': String(file.body.byteLength),
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'",
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
  });
  return router;
}
