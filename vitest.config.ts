import { defineConfig } from 'vitest/config';

// Three projects: the API (node, real embedded database), the PWA's units (jsdom) and browser journeys.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'src/contract/**/*.test.ts'],
          globalSetup: ['src/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        extends: './vite.config.ts',
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['src/web/test/setup.ts'],
          testTimeout: 15_000,
        },
      },
      {
        // Several real server processes on PostgreSQL, Redis and S3 behind a proxy (skipped, saying why, where
        // those services are absent; `.ci/run` installs them).
        test: {
          name: 'cluster',
          environment: 'node',
          include: ['tests/cluster/**/*.cluster.ts'],
          fileParallelism: false,
          testTimeout: 180_000,
          hookTimeout: 240_000,
        },
      },
      {
        // Journeys in Debian's Chromium against the built PWA and a real server on a fresh database.
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.e2e.ts'],
          globalSetup: ['tests/e2e/support/global-setup.ts'],
          // Files one at a time against one server, or with E2E_SERVERS=N side by side, each worker against a server
          // of its own (support/server.ts; run with --maxWorkers=N).
          fileParallelism: Number(process.env.E2E_SERVERS ?? 1) > 1,
          // One retry in CI, where the two cores are shared with the install and the database: the journeys wait on
          // real timings (a worker taking over, a debounce). `npm test` names every test that needed it.
          retry: process.env.CI ? 1 : 0,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
