#!/usr/bin/env node
// The page's start script (src/web/start-after-paint.ts) as a classic script of its own,
// dist/client/assets/start-after-paint-<hash>.js: it loads the app's modules, so it is not one of them (Vite
// builds modules). Named by its content like Vite's files, so it is served with their one-year cache; the
// server finds it by its name (src/server/ssr/start-after-paint.ts).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const result = await build({
  entryPoints: [path.join(root, 'src/web/start-after-paint.ts')],
  outdir: path.join(root, 'dist/client/assets'),
  entryNames: '[name]-[hash]',
  metafile: true,
  bundle: true,
  format: 'iife',
  platform: 'browser',
  // Vite 8's default browser targets ('baseline-widely-available'), as for the rest of the client build.
  target: ['chrome111', 'edge111', 'firefox114', 'safari16.4', 'ios16.4'],
  minify: true,
  logLevel: 'warning',
});
for (const file of Object.keys(result.metafile.outputs)) console.log(`build-start-after-paint: ${file}`);
