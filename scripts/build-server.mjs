#!/usr/bin/env node
// The server as one JavaScript module (dist/node/main.js), so that production runs it on plain Node instead
// of compiling TypeScript at start through tsx: tsx's loader passes every module, node_modules included,
// through a hook thread, which holds memory of its own for as long as the process runs.
// Packages stay external (node_modules as installed); the migrations are copied beside the bundle, where
// db/migrate.ts looks for them (`./migrations` next to the module).
//   node scripts/build-server.mjs [out-dir]   (default dist/node; the several-instances test builds its own copy
//                                             under node_modules/.cache, where the packages still resolve)
import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_OUT_DIR = path.join(root, 'dist/node');

export async function buildServer(outDir = SERVER_OUT_DIR) {
  await rm(outDir, { recursive: true, force: true });
  await build({
    entryPoints: [path.join(root, 'src/server/main.ts')],
    outfile: path.join(outDir, 'main.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.10', // import attributes (`with { type: 'json' }`) are kept from 20.10 on
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  await cp(path.join(root, 'src/server/db/migrations'), path.join(outDir, 'migrations'), {
    recursive: true,
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const outDir = process.argv[2] ? path.resolve(process.argv[2]) : SERVER_OUT_DIR;
  await buildServer(outDir);
  console.log(`build-server: ${path.relative(root, outDir)}/main.js`);
}
