import { defineConfig } from 'vitest/config';

// Tests of the production build (`*.build.test.ts`): npm test runs them after `npm run build`
// (scripts/test.mjs); the main run (vitest.config.ts) leaves them out, since it runs before any build.
export default defineConfig({
  test: {
    include: ['test/**/*.build.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
  },
});
