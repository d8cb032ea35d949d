import { defineConfig } from 'vitest/config';

/**
 * Files that hold the process's own latency or a socket's timing to a bound (a health check answered within
 * 1 s while uploads stream, a source cut at its timeout, a notice arriving within 1 s on the other instance):
 * they run after the rest, one at a time, so that no other test file shares the cores with them.
 */
const TIMED_FILES = [
  'test/api/database.test.ts',
  'test/api/hardening/**/*.test.ts',
  'test/api/tickets/large-attachments.test.ts',
  'test/api/notices/live-events.test.ts',
  'test/api/notices/concurrent-reads.test.ts',
  'test/api/search/resilience.test.ts',
  'test/api/connectors/vendor-http.test.ts',
  'test/api/connectors/gitbook-feed.test.ts',
  'test/api/connectors/jira-tracker.test.ts',
  'test/api/connectors/zendesk-*.test.ts',
  'test/fuzz/slow-bodies.test.ts',
  'test/instances/**/*.test.ts',
];

/**
 * Checks that read the project's files and nothing else (imports, tokens, boundaries, the Dockerfile and nginx
 * files): npm test's second pass (PostgreSQL, Node 24) sets TEST_SKIP_SOURCE_CHECKS, as neither changes them.
 */
const SOURCE_ONLY_FILES = ['test/lint/**', 'test/deploy/**'];

const INCLUDE = ['test/**/*.test.ts', 'src/**/*.test.ts'];
// `*.build.test.ts` need the production build: vitest.build.config.ts runs them after it. The fault suite
// (`*.faults.test.ts`, vitest.faults.config.ts) takes minutes: `npm run test:faults` runs it on its own.
const EXCLUDE = [
  'test/e2e/**',
  'node_modules/**',
  'dist/**',
  'test/**/*.build.test.ts',
  'test/**/*.faults.test.ts',
  ...(process.env.TEST_SKIP_SOURCE_CHECKS === '1' ? SOURCE_ONLY_FILES : []),
];

// Unit and API tests (the API through `app.inject`, no open port). Browser tests live in test/e2e and run under
// Playwright. Set TEST_DATABASE_URL to run the API tests against a PostgreSQL server instead of in-memory PGlite.
export default defineConfig({
  test: {
    environment: 'node',
    globalSetup: ['test/support/global-setup.ts'],
    // Starting PGlite (WASM) or creating a PostgreSQL database takes a moment per file, and test files run in
    // parallel on a shared 2-core machine: these limits catch a hang, not a slow start.
    hookTimeout: 60_000,
    testTimeout: 30_000,
    // Test files share their worker's module graph instead of importing the app's modules again each, which
    // more than doubled the PGlite pass (compare `npx vitest run` with `npx vitest run --isolate`). Each file
    // still builds its own app on its own database (test/support/use-test-app.ts), and the tests that fake
    // timers or globals restore them after themselves.
    isolate: false,
    projects: [
      {
        extends: true,
        test: {
          name: 'parallel',
          include: INCLUDE,
          exclude: [...EXCLUDE, ...TIMED_FILES],
          // Two workers on the 2-core machines: a file waits on its database, sockets and timers often enough
          // that one worker left a core idle (the PGlite pass took 634 s with one).
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'timed',
          include: TIMED_FILES,
          exclude: EXCLUDE,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
