import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Hono } from 'hono';

// The browsable API page at /api/docs: Swagger UI served from the swagger-ui-dist package itself (no CDN, so it
// works offline and under our script-src 'self' policy), reading the document at /api/openapi.json. Each area's
// operations start folded under their tag: unfolded, the document's 20 tags were more than Swagger UI drew on a
// phone on a slow machine (only the first tag showed, seconds after load).

const distDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const javascript = 'text/javascript; charset=utf-8';
const fromPackage = (file: string) => () => readFile(path.join(distDir, file));
const initScript = Buffer.from(`window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true, docExpansion: 'none' });`);
/** The page's files: two from the package, and its start-up script written here. */
const assets = new Map<string, { type: string; read: () => Promise<Uint8Array<ArrayBuffer>> }>([
  ['swagger-ui.css', { type: 'text/css; charset=utf-8', read: fromPackage('swagger-ui.css') }],
  ['swagger-ui-bundle.js', { type: javascript, read: fromPackage('swagger-ui-bundle.js') }],
  ['init.js', { type: javascript, read: async () => initScript }],
]);

const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Mingle API</title>
    <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>`;

export function apiDocsRoutes() {
  return new Hono()
    .get('/', (c) => c.html(page))
    // One route for every file: a static `/init.js` beside `/:asset` is a clash the app's RegExpRouter refuses (app.ts).
    .get('/:asset', async (c) => {
      const asset = assets.get(c.req.param('asset'));
      if (!asset) return c.notFound();
      return c.body(await asset.read(), 200, { 'content-type': asset.type, 'cache-control': 'public, max-age=86400' });
    });
}
