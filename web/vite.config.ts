/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, searchForWorkspaceRoot } from 'vite';
import { compression } from 'vite-plugin-compression2';

/** The release version: env THRESHOLD_RELEASE wins, otherwise the repository's VERSION file. */
function releaseVersion(): string {
  const fromEnv = process.env.THRESHOLD_RELEASE?.trim();
  if (fromEnv) return fromEnv;
  try {
    return readFileSync(fileURLToPath(new URL('../VERSION', import.meta.url)), 'utf8').trim();
  } catch {
    return '0.0.0-dev';
  }
}

const backend = process.env.THRESHOLD_DEV_BACKEND ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [
    react(),
    // Brotli and gzip copies beside each text asset, made once at build time: the server sends
    // the one the browser accepts (api/src/spa.rs) instead of compressing on every request.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
  ],
  define: {
    __THRESHOLD_RELEASE__: JSON.stringify(releaseVersion()),
  },
  server: {
    // The lender names are the server's own list (src/lib/labels.ts reads it at build time).
    fs: { allow: [searchForWorkspaceRoot(process.cwd()), '../api/src/cases/lenders.json'] },
    proxy: {
      '/api': backend,
      '/version': backend,
      '/runtime-config.json': backend,
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1000,
    rolldownOptions: {
      output: {
        // Form libraries are needed only by lazily loaded screens: keep them out of the
        // chunks the first page needs.
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            { name: 'forms', test: /node_modules[\\/](zod|react-hook-form|@hookform)[\\/]/ },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    // The tests mostly wait (user-event's typing, findBy's polling): one worker more than the
    // cores keeps them busy. Vitest's default (one fewer than the cores) ran the suite in 7.6
    // minutes on two cores; this in 4.4.
    maxWorkers: availableParallelism() + 1,
    css: false,
    restoreMocks: true,
    // Several waits of up to 15 s each (src/test/setup.ts) must fit in one test.
    testTimeout: 60000,
  },
});
