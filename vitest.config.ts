import { defineConfig } from 'vitest/config';

// Two projects: pure unit tests (no database), and API tests that run against a real database —
// an in-memory PGlite per test file, or the PostgreSQL server named by TEST_DATABASE_URL.
// Playwright specs live in e2e/ and are never picked up here.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: ['packages/shared/src/**/*.test.ts', 'apps/server/src/**/*.unit.test.ts', 'apps/web/src/**/*.unit.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          sequence: { groupOrder: 1 },
          include: ['apps/server/src/**/*.test.ts'],
          exclude: ['apps/server/src/**/*.unit.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file opens its own in-memory PGlite (about 100 MB): a few files at a time on 2 cores.
          maxWorkers: 2,
          // A worker keeps the modules it imported for its next file: every file starts a server of its own on its
          // own database, so nothing of one file's data reaches the next, while importing the whole server again
          // for each of 85 files was a quarter of the suite's time (import 818 s of 2,036 s on 27 November; eight
          // files took 90 s instead of 141 s without it, decision 0165).
          isolate: false,
        },
      },
    ],
  },
});
