import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { webShell } from './web-shell.ts';

const INDEX = `<!doctype html><html><head>
<script type="module" crossorigin src="/assets/index-1.js"></script>
<link rel="modulepreload" crossorigin href="/assets/framework-1.js">
</head><body><div id="root"></div></body></html>`;

function builtApp(manifest?: object) {
  const dist = mkdtempSync(path.join(tmpdir(), 'mingle-shell-'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  if (manifest) {
    mkdirSync(path.join(dist, '.vite'));
    writeFileSync(path.join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
  }
  return dist;
}

const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', imports: ['_framework.js'] },
  '_framework.js': { file: 'assets/framework-1.js' },
  'src/areas/auth/auth-page.tsx': { file: 'assets/auth-page-1.js', imports: ['_button.js', '_framework.js'], dynamicImports: ['src/areas/auth/terms-dialog.tsx'] },
  '_button.js': { file: 'assets/button-1.js', imports: ['_utils.js'] },
  '_utils.js': { file: 'assets/utils-1.js' },
  'src/areas/auth/terms-dialog.tsx': { file: 'assets/terms-dialog-1.js' },
  'src/locales/en/common.json': { file: 'assets/common-en.js' },
  'src/locales/en/auth.json': { file: 'assets/auth-en.js' },
  'src/locales/de/common.json': { file: 'assets/common-de.js' },
  'src/locales/de/auth.json': { file: 'assets/auth-de.js' },
  'src/locales/de/marketing.json': { file: 'assets/marketing-de.js' },
};

const preloads = (html: string) => [...html.matchAll(/rel="modulepreload" crossorigin href="\/([^"]+)"/g)].map((match) => match[1]);

describe('web shell', () => {
  it("preloads an arrival page's static chunks once, never its lazy ones, and its texts in the visitor's language", async () => {
    const html = await webShell(builtApp(MANIFEST))('/auth', 'en');
    expect(preloads(html)).toEqual([
      'assets/framework-1.js',
      'assets/auth-page-1.js',
      'assets/button-1.js',
      'assets/utils-1.js',
      'assets/common-en.js',
      'assets/auth-en.js',
    ]);
    expect(html).toContain('<div id="root"></div>');
    const german = preloads(await webShell(builtApp(MANIFEST))('/', 'de'));
    // The framework's link is the built HTML's own; the landing page's module is not in this manifest.
    expect(german).toEqual(['assets/framework-1.js', 'assets/common-de.js', 'assets/marketing-de.js']);
  });

  it('leaves other pages as built', async () => {
    expect(await webShell(builtApp(MANIFEST))('/dashboard', 'de')).toBe(INDEX);
  });

  it('serves the plain shell when the build has no manifest', async () => {
    expect(await webShell(builtApp())('/auth', 'en')).toBe(INDEX);
  });
});
