#!/usr/bin/env node
// Fails when the build in dist/ holds React's development runtime: `npm test` builds with NODE_ENV=development
// set on purpose and runs this after, so a build that follows the shell's NODE_ENV again is caught.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const MARKERS = ['jsx-dev-runtime', 'jsxDEV(', 'react-dom.development', 'react.development'];

function scripts(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.m?js$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

const found = [];
for (const file of [...scripts('dist/client'), ...scripts('dist/server')]) {
  const text = readFileSync(file, 'utf8');
  for (const marker of MARKERS) if (text.includes(marker)) found.push(`${file}: ${marker}`);
}
if (found.length > 0) {
  const shown = found.slice(0, 10).join('\n  ');
  console.error(`The build holds React's development runtime (${found.length} places):\n  ${shown}`);
  process.exit(1);
}
console.log('production bundle: no development runtime in dist/');
