import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'tmp/**', 'test-results/**', 'playwright-report/**', 'apps/server/src/platform/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  // The service worker (plain JavaScript the browser runs beside the app).
  { files: ['apps/web/public/**/*.js'], languageOptions: { globals: { ...globals.serviceworker } } },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // The house's map (docs/architecture.md): an area is one slice of the product; another area sees only its
  // index.ts. The platform (http, auth, db, live, storage, mail on the server; components and lib on the web) serves
  // every area and knows none of them; only the app itself (server app.ts, web app/ and router) composes areas.
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['tsconfig.json', 'apps/web/tsconfig.json'], noWarnOnMultipleProjects: true }),
      ],
    },
    rules: {
      // A dynamic import() runs after every module has loaded, so it cannot be caught in a loading cycle.
      'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }],
      'import-x/no-duplicates': ['error', { 'prefer-inline': true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...areaZones('apps/server/src/areas', serverAreas(), 'index.ts'),
            ...areaZones('apps/web/src/areas', webAreas(), 'index.ts'),
            {
              // A platform test may wire an area in (the live hub's tests use the product's topic rights).
              target: ['apps/server/src/platform/**/!(*.test).{ts,tsx}', 'apps/server/src/{seed,test}/**'],
              from: 'apps/server/src/areas',
              message: 'The platform serves every area and knows none of them: move this code into its area.',
            },
            {
              target: 'apps/web/src/areas',
              from: 'apps/web/src/app',
              message: 'The app shell composes areas, never the other way round: move what areas share into components or lib.',
            },
            {
              target: ['apps/web/src/{components,lib}/**'],
              from: 'apps/web/src/areas',
              message: 'Shared components and lib know no area: compose areas in apps/web/src/app.',
            },
            {
              target: 'packages/shared/src/**',
              from: 'apps',
              message: 'The shared package is imported by the apps, never the other way round.',
            },
          ],
        },
      ],
    },
  },
);

function areasIn(dir) {
  return readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}
function serverAreas() {
  return areasIn('./apps/server/src/areas');
}
function webAreas() {
  return areasIn('./apps/web/src/areas');
}
/** For each pair of areas, one zone: a file of the first may import the second only through its index. */
function areaZones(root, areas, index) {
  const how = root.includes('web') ? "'@/areas/<area>'" : "'../<area>/index.ts'";
  return areas.flatMap((area) =>
    areas
      .filter((other) => other !== area)
      .map((other) => ({
        target: `${root}/${area}`,
        from: `${root}/${other}`,
        except: [`./${index}`],
        message: `Another area is reached only through its ${index}: import ${how}.`,
      })),
  );
}
