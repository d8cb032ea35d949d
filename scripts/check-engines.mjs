#!/usr/bin/env node
// Fails when any installed package declares a Node.js engine that a supported version does not meet. The
// portal runs on Node 20 (these machines) and Node 24 (production's LTS); a dependency that declares more
// (cookie@2 and content-disposition@3 declare >=22) may use an API that Node 20 lacks, found only at run time.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';

export const SUPPORTED_NODE_VERSIONS = ['20.19.0', '24.0.0'];

function* packageDirs(dir) {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    if (name.startsWith('.')) continue;
    const path = join(dir, name);
    if (name.startsWith('@')) {
      yield* packageDirs(path);
      continue;
    }
    if (existsSync(join(path, 'package.json'))) yield path;
    yield* packageDirs(join(path, 'node_modules'));
  }
}

const problems = [];
for (const dir of packageDirs('node_modules')) {
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const range = pkg.engines?.node;
  if (typeof range !== 'string') continue;
  const unmet = SUPPORTED_NODE_VERSIONS.filter(
    (version) => semver.validRange(range) && !semver.satisfies(version, range),
  );
  if (unmet.length > 0)
    problems.push(`${pkg.name}@${pkg.version} (${dir}) needs node ${range}: not ${unmet.join(', ')}`);
}
if (problems.length > 0) {
  console.error(
    `Dependencies whose engines the supported Node versions do not meet:\n  ${problems.join('\n  ')}`,
  );
  process.exit(1);
}
console.log(`engines: every dependency runs on Node ${SUPPORTED_NODE_VERSIONS.join(' and ')}`);
