import { defineConfig } from 'i18next-cli';

// The web interface's texts (docs/i18n.md). `npm run i18n` writes new keys into every language's files; the unit
// test `i18n.unit.test.ts` fails when a file is stale, a language is missing a text, or a text in a component is
// not translated.
export default defineConfig({
  locales: ['en', 'de', 'fr', 'es'],
  extract: {
    input: ['apps/web/src/**/*.{ts,tsx}'],
    ignore: ['apps/web/src/**/*.test.ts', 'apps/web/src/**/*.test.tsx'],
    output: 'apps/web/src/locales/{{language}}/{{namespace}}.json',
    functions: ['t', '*.t', 'msg'],
    defaultNS: 'common',
    keySeparator: false,
    nsSeparator: false,
    primaryLanguage: 'en',
    sort: true,
    indentation: 2,
    removeUnusedKeys: true,
    // Comments explain code; a t('…') in one is an example, not a text.
    extractFromComments: false,
  },
  lint: {
    // Every element, our own components too (<Button>Save</Button>), and the props that carry their texts.
    acceptedTags: 'all',
    acceptedAttributes: [
      'alt', 'aria-description', 'aria-label', 'aria-placeholder', 'aria-roledescription', 'aria-valuetext',
      'description', 'label', 'placeholder', 'summary', 'caption', 'title',
      'confirmLabel', 'submitLabel', 'cancelLabel', 'legend', 'failed', 'empty', 'deleted',
    ],
    checkConcatenation: 'error',
  },
});
