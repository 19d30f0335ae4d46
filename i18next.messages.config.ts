import { defineConfig } from 'i18next-cli';
import web from './i18next.config.ts';

// The `messages` namespace (docs/decisions/0182-shared-messages.md): the shared rules' validation messages and every
// message the server answers with, marked with msg() in packages/shared and apps/server. `npm run i18n` writes them
// into packages/shared/src/locales/<language>/messages.json with the same rules as the web's texts.
export default defineConfig({
  locales: web.locales,
  extract: {
    ...web.extract,
    input: ['packages/shared/src/**/*.ts', 'apps/server/src/**/*.ts'],
    ignore: ['**/*.test.ts', 'apps/server/src/test/**', 'apps/server/src/seed/**'],
    output: 'packages/shared/src/locales/{{language}}/messages.json',
    functions: ['msg'],
    defaultNS: 'messages',
  },
});
