#!/usr/bin/env node
// `npm run build`: the browser bundle, the SSR bundle, the page's start script (build-start-after-paint.mjs),
// precompressed siblings of the assets, then the server as one JavaScript module (scripts/build-server.mjs).
// The build is always a production build, whatever NODE_ENV the shell has: Vite and the React plugin pick
// the development runtime (jsx-dev-runtime, about 40 KB more script and three times the blocking time) when
// NODE_ENV=development is set, and `npm start` would then serve it. Development belongs to `npm run dev`.
import { spawnSync } from 'node:child_process';

const env = { ...process.env, NODE_ENV: 'production' };
const steps = [
  ['vite', ['build']],
  ['vite', ['build', '--ssr', 'src/web/entry-server.tsx', '--outDir', 'dist/server']],
  ['node', ['scripts/build-start-after-paint.mjs']],
  ['node', ['scripts/compress-assets.mjs']],
  ['node', ['scripts/build-server.mjs']],
];
if (process.env.NODE_ENV && process.env.NODE_ENV !== 'production') {
  console.log(`build: NODE_ENV=${process.env.NODE_ENV} ignored; building for production`);
}
for (const [command, args] of steps) {
  const result = spawnSync(
    command === 'vite' ? 'npx' : command,
    command === 'vite' ? ['vite', ...args] : args,
    {
      stdio: 'inherit',
      env,
    },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}
