import { defineConfig } from 'i18next-cli';
import web from './i18next.config.ts';

// The server's email texts (decision 0184): the same rules as the web's (i18next.config.ts), one `mail` namespace
// in apps/server/src/locales. `npm run i18n` extracts both; i18n.unit.test.ts checks both.
export default defineConfig({
  locales: web.locales,
  extract: {
    ...web.extract,
    input: ['apps/server/src/areas/*/emails/*.tsx', 'apps/server/src/platform/mail/*.tsx'],
    ignore: ['apps/server/src/**/*.test.ts', 'apps/server/src/**/*.test.tsx'],
    output: 'apps/server/src/locales/{{language}}/{{namespace}}.json',
    functions: ['t'],
    defaultNS: 'mail',
  },
});
