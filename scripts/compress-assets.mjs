#!/usr/bin/env node
// Writes precompressed siblings (.br and .gz) next to the text files of the browser build, so the server
// sends them as they are (@fastify/static preCompressed) instead of compressing on every request. Run after
// `vite build`; usage: node scripts/compress-assets.mjs [dir]   (default dist/client)
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const EXTENSIONS = new Set([
  '.js',
  '.mjs',
  '.css',
  '.svg',
  '.html',
  '.json',
  '.map',
  '.txt',
  '.xml',
  '.webmanifest',
]);
/** Below this size the framing overhead eats the gain, and one packet carries the file anyway. */
const MIN_BYTES = 1024;

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

async function compressAssets(root) {
  const template = path.join(root, 'index.html');
  let files = 0;
  let before = 0;
  let after = 0;
  for await (const file of walk(root)) {
    // The SSR template is read by the server and never served as a file: nothing to precompress.
    if (file === template || !EXTENSIONS.has(path.extname(file))) continue;
    const { size } = await stat(file);
    if (size < MIN_BYTES) continue;
    const content = await readFile(file);
    // Maximum quality: this runs once per build, and every download afterwards is smaller.
    const [br, gz] = await Promise.all([
      brotli(content, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
        },
      }),
      gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    files += 1;
    before += size;
    after += br.length;
  }
  return { files, before, after };
}

const root = path.resolve(process.argv[2] ?? 'dist/client');
try {
  await stat(root);
} catch {
  console.error(`compress-assets: ${root} does not exist; run vite build first`);
  process.exit(1);
}
const { files, before, after } = await compressAssets(root);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(
  `compress-assets: ${files} files in ${path.relative(process.cwd(), root) || root}, ${kb(before)} -> ${kb(after)} with brotli`,
);
