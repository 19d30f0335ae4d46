import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { ARRIVAL_PAGE_TEXTS } from '@mingle/shared/core/arrival-pages';
import type { LanguageCode } from '@mingle/shared/core/constants';

/**
 * The single-page app's index.html, as the server sends it. For the pages people arrive on cold (the landing page,
 * /auth, a public event page) it adds `<link rel="modulepreload">` for the page's own chunks, read from Vite's
 * build manifest: the browser then fetches them together with the framework instead of one round trip later, when
 * the router asks for them. On a phone on a slow network that round trip is a visible part of the first paint
 * (bench/lighthouse.mjs). Likewise the page's texts in the visitor's language (each namespace a chunk of its own,
 * apps/web/src/lib/i18n.ts), which the app would otherwise ask for only once its entry has run.
 */

/**
 * Arrival pages → the page module router.tsx lazy-loads for them (keys of Vite's manifest) and the namespaces of
 * texts it loads with it (the shared list router.tsx's `withTexts` reads too; `common` is every page's).
 */
const ARRIVAL_PAGES: Array<{ matches: (pathname: string) => boolean; module: string; texts: readonly string[] }> = [
  { matches: (pathname) => pathname === '/', module: 'src/areas/marketing/landing-page.tsx', texts: ARRIVAL_PAGE_TEXTS.landing },
  { matches: (pathname) => pathname === '/auth', module: 'src/areas/auth/auth-page.tsx', texts: ARRIVAL_PAGE_TEXTS.auth },
  { matches: (pathname) => /^\/event\/[^/]+\/?$/.test(pathname), module: 'src/areas/events/public-event-page.tsx', texts: ARRIVAL_PAGE_TEXTS.publicEvent },
];

const FALLBACK_SHELL =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Mingle</title></head><body><div id="root"></div></body></html>';

type ManifestChunk = { file: string; imports?: string[] };
type Manifest = Record<string, ManifestChunk>;

/** Reads a file once and again only when it changes on disk (a rebuild while the server runs). */
function cachedFile<T>(file: string, parse: (text: string) => T) {
  let cache: { mtimeMs: number; value: T } | null = null;
  return async (): Promise<T | null> => {
    try {
      const { mtimeMs } = await stat(file);
      if (cache?.mtimeMs !== mtimeMs) cache = { mtimeMs, value: parse(await readFile(file, 'utf8')) };
      return cache.value;
    } catch {
      return null;
    }
  };
}

/** The files a module loads before it runs: itself and its static imports, transitively (never dynamic ones). */
function staticClosure(manifest: Manifest, key: string): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (entry: string) => {
    if (seen.has(entry) || !manifest[entry]) return;
    seen.add(entry);
    files.push(manifest[entry].file);
    for (const imported of manifest[entry].imports ?? []) visit(imported);
  };
  visit(key);
  return files;
}

/** `language`: the visitor's, as the app will choose it (platform/http/request-language.ts). */
export type WebShell = (pathname: string, language: LanguageCode) => Promise<string>;

export function webShell(webDist: string): WebShell {
  const indexHtml = cachedFile(path.join(webDist, 'index.html'), (text) => text);
  const manifest = cachedFile(path.join(webDist, '.vite/manifest.json'), (text) => JSON.parse(text) as Manifest);
  return async (pathname, language) => {
    const html = (await indexHtml()) ?? FALLBACK_SHELL;
    const page = ARRIVAL_PAGES.find((candidate) => candidate.matches(pathname));
    const chunks = page ? await manifest() : null;
    if (!page || !chunks) return html;
    const texts = ['common', ...page.texts].map((namespace) => `src/locales/${language}/${namespace}.json`);
    const files = new Set([...staticClosure(chunks, page.module), ...texts.flatMap((key) => staticClosure(chunks, key))]);
    const links = [...files]
      .filter((file) => !html.includes(`/${file}"`)) // the entry and the framework are in the HTML already
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
    return links.length ? html.replace(/<\/head>/i, () => `  ${links.join('\n    ')}\n  </head>`) : html;
  };
}
