import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * The screenshot gallery (`npm run screenshots`): the main screens on the phone and laptop viewports, written to
 * docs/screenshots/. Same server, browser and viewports as the browser tests; not part of `npm test`.
 */
export default defineConfig({
  ...base,
  testDir: 'e2e/gallery',
  testMatch: '**/*.shots.ts',
  retries: 0,
  timeout: 180_000,
  reporter: [['list']],
});
