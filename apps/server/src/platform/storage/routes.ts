import { z } from '@hono/zod-openapi';
import { createRouter } from '../http/env.ts';
import { documentRoute, errorResponses, fileResponse, PUBLIC } from '../http/openapi.ts';
import { errorBody } from '../http/errors.ts';
import type { Storage } from './storage.ts';
import { msg } from '@mingle/shared/core/messages';

/**
 * Serves locally stored files; mounted at `/files` (`app.route('/files', fileRoutes())`), so it answers
 * GET /files/<key>. Every file was re-encoded by sharp (images.ts); the headers make sure a browser still never
 * treats one as anything but the stored image type: no sniffing, no scripts or subresources even when opened
 * directly. Keys are never reused, so files are cached for good. With S3 storage the bucket serves the files and
 * this answers 404.
 *
 * The storage is the request's AppContext's (`c.get('ctx')`), unless one is passed (tests).
 */
export function fileRoutes(storage?: Storage) {
  const router = createRouter();
  router.get('/:key{.+}', async (c) => {
    const store = storage ?? c.get('ctx')?.storage;
    if (!store) throw new Error('fileRoutes needs the storage: pass ctx.storage');
    const file = await store.read(c.req.param('key'));
    if (!file) return c.json(errorBody('not_found', msg('Not found')), 404);
    return c.body(file.body, 200, {
      'Content-Type': file.contentType,
      'Content-Length': String(file.body.byteLength),
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'",
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
  });
  documentRoute(router, {
    method: 'get',
    path: '/{key}',
    operationId: 'files.read',
    tags: ['Files'],
    summary: 'An uploaded image (logos, avatars, feed media) by the key its owner’s answer gave, with local storage',
    ...PUBLIC,
    request: { params: z.object({ key: z.string() }) },
    responses: { 200: fileResponse('image/*', 'The file'), ...errorResponses(404) },
  });
  return router;
}
