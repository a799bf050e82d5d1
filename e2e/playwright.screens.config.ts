// `make screens`: the screenshot set in docs/screens/, against the release binary like the tests.
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

export default defineConfig({
  ...base,
  testDir: './screens',
  timeout: 300_000,
});
