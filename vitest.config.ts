import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'happy-dom',
          // One happy-dom window and one module graph for the worker's files (decision 141): a window per file cost
          // about half a second each, most of the project's minute. Each file cleans up what it renders (`cleanup`).
          isolate: false,
          include: ['test/unit/**/*.test.{ts,tsx}', 'machines/**/*.test.ts', 'src/**/*.test.{ts,tsx}'],
        },
      },
      {
        extends: true,
        test: {
          name: 'model',
          environment: 'happy-dom',
          isolate: false,
          include: ['test/model/**/*.test.{ts,tsx}'],
          // A path renders a whole view and waits up to 15 s for each of its steps (STEP_WAIT); on a loaded 2-core CI machine the
          // first path of a file also pays for the view's first import, so one path gets more than one step's wait.
          testTimeout: 30_000,
          // A suite's set-up may warm a view's lazy messages (areaMessages.harness.tsx), as slow as a first import.
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['test/server/**/*.test.ts'],
          // A `*.postgres.test.ts` file needs a Postgres server: it is part of the run only when TEST_DATABASE_URL names
          // one (.ci/run does where one answers), so it never passes without running.
          // A `*.redis.test.ts` file needs a Redis server: part of the run only when TEST_REDIS_URL names one (`npm test` sets
          // it when 127.0.0.1:6379 answers, and says so when nothing does; .ci/run always sets it).
          exclude: [
            ...(process.env.TEST_DATABASE_URL ? [] : ['test/server/**/*.postgres.test.ts', 'test/server/**/*.postgres.*.test.ts']),
            ...(process.env.TEST_REDIS_URL ? [] : ['test/server/**/*.redis.test.ts']),
          ],
          globalSetup: ['test/server/globalSetup.ts'],
          // The server's modules (PGlite's WebAssembly, Fastify, the OpenID provider) loaded once per worker, not per
          // file (decision 141): each file builds its own servers on its own databases.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/e2e/globalSetup.ts'],
          setupFiles: ['test/e2e/setup.ts'],
          // A worker's files share its Chromium and the browser contexts they hand back (decision 142).
          isolate: false,
          // A worker per app server (E2E_WORKERS, default 2): files that change a server's global flags never meet.
          maxWorkers: Math.max(1, Number(process.env.E2E_WORKERS ?? 2)),
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
