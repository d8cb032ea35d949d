#!/usr/bin/env node
// Quick check of initial JavaScript without a browser: for each page module of the build's manifest
// (dist/client/.vite/manifest.json), the gzipped size (level 9, KB of 1024 bytes) of the entry and the page
// module with every chunk they import statically. A lower bound of the pages bench's figure, which also counts
// what a page imports at load (a lazy dialog, the contracts of a first fetch) and the start script (0.8 KB).
// Usage: npm run build && node bench/pages/manifest-js.mjs [dist/client]
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const dir = process.argv[2] ?? 'dist/client';
const manifest = JSON.parse(readFileSync(`${dir}/.vite/manifest.json`, 'utf8'));
const sizes = new Map();
const gzipped = (file) => {
  if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(`${dir}/${file}`), { level: 9 }).length);
  return sizes.get(file);
};
const closure = (keys, seen) => {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    closure(manifest[key].imports ?? [], seen);
  }
  return seen;
};
const kb = (keys) => ([...keys].reduce((sum, key) => sum + gzipped(manifest[key].file), 0) / 1024).toFixed(1);

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
const shell = closure([entry], new Set());
console.log(`${'shell (the entry and its imports)'.padEnd(40)} ${kb(shell).padStart(6)}`);
for (const key of Object.keys(manifest).filter((k) => k.startsWith('src/web/routes/'))) {
  console.log(`${key.padEnd(40)} ${kb(closure([key], new Set(shell))).padStart(6)}`);
}
