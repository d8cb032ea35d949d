import { defineConfig } from 'vitest/config';

// The fault-injection suite (`npm run test:faults`, test/faults): real portal processes, a private PostgreSQL
// cluster, Redis and nginx, each stopped or starved under load. Minutes, not seconds, so the main run
// (vitest.config.ts) leaves these files out. One file at a time: they share ports 5000-5099.
export default defineConfig({
  test: {
    include: ['test/faults/**/*.faults.test.ts'],
    environment: 'node',
    fileParallelism: false,
    hookTimeout: 120_000,
    testTimeout: 120_000,
  },
});
