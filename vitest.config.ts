import { defineConfig } from 'vitest/config';

// Unit and API tests (the API through `app.inject`, no open port). Browser tests live in test/e2e and run under
// Playwright. Set TEST_DATABASE_URL to run the API tests against a PostgreSQL server instead of in-memory PGlite.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // `*.build.test.ts` need the production build: vitest.build.config.ts runs them after it. The fault suite
    // (`*.faults.test.ts`, vitest.faults.config.ts) takes minutes: `npm run test:faults` runs it on its own.
    exclude: [
      'test/e2e/**',
      'node_modules/**',
      'dist/**',
      'test/**/*.build.test.ts',
      'test/**/*.faults.test.ts',
    ],
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
  },
});
