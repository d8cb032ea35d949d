#!/usr/bin/env node
// `npm start`: builds what is missing, then runs the built server (dist/node/main.js) on plain Node.
// The web app is built when its bundles are missing; the server bundle is also rebuilt when a file under
// src/ is newer than it (a second, with esbuild), so `npm start` never runs server code older than the
// sources. Production deploys build once (`npm run build`) and start without rebuilding.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const required = ['dist/client/index.html', 'dist/server/entry-server.js', 'dist/node/main.js'];
const missing = required.filter((file) => !existsSync(path.join(root, file)));

if (missing.length > 0) {
  console.log(`start: ${missing.join(' and ')} missing; running npm run build`);
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

/** The newest modification time of a file under `dir` (0 when there is none). */
function newestIn(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

const serverBundle = path.join(root, 'dist/node/main.js');
const sources = path.join(root, 'src');
if (existsSync(sources) && newestIn(sources) > statSync(serverBundle).mtimeMs) {
  console.log('start: src/ is newer than dist/node/main.js; rebuilding the server');
  // Imported only now: esbuild is a build tool, and a deploy that built once may not have it.
  const { buildServer } = await import('./build-server.mjs');
  await buildServer();
}
process.setSourceMapsEnabled(true);
await import(pathToFileURL(serverBundle).href);
