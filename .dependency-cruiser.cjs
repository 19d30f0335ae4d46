// Import cycles counting type-only imports (`import type`), which eslint's import-x/no-cycle skips: a type loop
// runs no code twice, but it ties two modules into one unit to read and to change (issue 18 found
// auth → http → context → auth). Run by `npm run lint`.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A module reaches itself again through its imports, type-only imports included.',
      // Drizzle's tables reference each other's columns (events ↔ sponsors): allowed, as in eslint.config.js.
      from: { pathNot: '^apps/server/src/platform/db/schema/(events|sponsors)[.]ts$' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
