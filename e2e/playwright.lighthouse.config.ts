// `make bench`: Lighthouse against the release binary, with the tests' set-up (lighthouse/).
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

export default defineConfig({
  ...base,
  testDir: './lighthouse',
  timeout: 600_000,
  workers: 1,
  reporter: 'list',
});
