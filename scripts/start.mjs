#!/usr/bin/env node
// What `npm start` runs: builds the web app when its output is missing (a fresh clone, a cleaned tree), then
// starts the server in this same process. Running in-process (tsx registered as a loader, then an import)
// rather than spawning a child means signals reach the server's graceful shutdown directly and its exit code
// is ours, with no forwarding layer that could drop or duplicate a signal.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const required = ['dist/client/index.html', 'dist/server/entry-server.js'];
const missing = required.filter((file) => !existsSync(path.join(root, file)));

if (missing.length > 0) {
  console.log(`start: ${missing.join(' and ')} missing; running npm run build`);
  // Build whatever NODE_ENV says: a production start without a build would only serve 503 pages.
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const build = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.error) {
    console.error(`start: could not run npm run build: ${build.error.message}`);
    process.exit(1);
  }
  if (build.status !== 0) {
    console.error(`start: npm run build failed (exit ${build.status ?? build.signal})`);
    process.exit(build.status ?? 1);
  }
}

const { register } = await import('tsx/esm/api');
register();
await import(pathToFileURL(path.join(root, 'src/server/main.ts')).href);
