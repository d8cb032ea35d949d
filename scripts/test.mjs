#!/usr/bin/env node
// `npm test`: every check the project has, in order of cost, stopping at the first failure.
// lint and type-check (at once) -> format, import cycles and dependency engines (at once) -> unit/API tests on PGlite -> the same on PostgreSQL
// when TEST_DATABASE_URL is set, with two instances behind nginx (test/instances) -> the unit/API tests again on Node 24 when NODE24_BIN names its binary ->
// build (with NODE_ENV=development set, to prove the build ignores it) -> no development runtime in dist/ ->
// the Dockerfile's start command against the build ->
// Playwright in Debian Chromium against a started server -> the vendor profile (the vendor adapters against
// their fakes).
// It ends with one summary line, 'N passed, N failed', counted from the runners' JSON reports; a browser test that
// passed only on CI's retry counts as failed and fails the run.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';

const reports = join(process.cwd(), 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const started = Date.now();

/**
 * The machine's CPU time so far, busy and in all, in clock ticks (the first line of Linux's /proc/stat); null
 * where there is none. The whole machine's, not this script's children's: Chromium's renderers and the servers
 * Playwright starts are not all reaped by a process of this tree, so the children's own CPU time misses them.
 */
function machineTicks() {
  try {
    const [user, nice, system, idle, iowait, irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const busy = user + nice + system + irq + softirq + steal;
    return { busy, total: busy + idle + iowait };
  } catch {
    return null;
  }
}

/**
 * Starts timing a step. Its line gives the time, the total so far and how busy the machine's cores were
 * meanwhile (CI runs nothing else): a step near 100 % gains nothing from more workers, only from less work.
 */
function stepTimer() {
  const stepStarted = Date.now();
  const before = machineTicks();
  return () => {
    const wall = Math.round((Date.now() - stepStarted) / 1000);
    const after = machineTicks();
    const busy =
      before && after && after.total > before.total
        ? `, cores ${Math.round(((after.busy - before.busy) / (after.total - before.total)) * 100)} % busy`
        : '';
    return `${wall} s${busy}, ${Math.round((Date.now() - started) / 1000)} s in all`;
  };
}

function run(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const elapsed = stepTimer();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`◀ ${title}: ${elapsed()}`);
  if (result.status !== 0) {
    console.error(`\n✖ ${title} failed (exit ${result.status ?? result.signal})`);
    printSummary();
    process.exit(result.status || 1);
  }
}

const counts = { passed: 0, failed: 0, skipped: 0 };
let flakyTests = 0;

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  counts.passed += report.numPassedTests ?? 0;
  counts.failed += report.numFailedTests ?? 0;
  counts.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}

/**
 * A test that failed and then passed on CI's retry ("flaky") counts as failed: its first failure is a race a
 * user can meet, and a retry must not hide it from the summary. Returns how many were flaky.
 */
function countPlaywright(file) {
  if (!existsSync(file)) return 0;
  const stats = JSON.parse(readFileSync(file, 'utf8')).stats ?? {};
  counts.passed += stats.expected ?? 0;
  counts.failed += (stats.unexpected ?? 0) + (stats.flaky ?? 0);
  counts.skipped += stats.skipped ?? 0;
  return stats.flaky ?? 0;
}

function printSummary() {
  countVitest(join(reports, 'vitest-pglite.json'));
  countVitest(join(reports, 'vitest-postgres.json'));
  countVitest(join(reports, 'vitest-node24.json'));
  countVitest(join(reports, 'vitest-build.json'));
  flakyTests =
    countPlaywright(join(reports, 'playwright.json')) +
    countPlaywright(join(reports, 'playwright-vendors.json'));
  console.log(`\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
}

/**
 * Runs checks at the same time, each with its output kept and printed whole once it ends: each of these uses
 * about one core, and one after another they left the other core idle.
 */
async function runTogether(steps) {
  const results = await Promise.all(
    steps.map(
      ({ title, command, args }) =>
        new Promise((resolve) => {
          const elapsed = stepTimer();
          const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('close', (status, signal) => {
            console.log(`\n▶ ${title}`);
            process.stdout.write(Buffer.concat(output));
            console.log(`◀ ${title}: ${elapsed()}`);
            resolve({ title, status, signal });
          });
        }),
    ),
  );
  const failed = results.filter((result) => result.status !== 0);
  if (failed.length === 0) return;
  for (const { title, status, signal } of failed)
    console.error(`\n✖ ${title} failed (exit ${status ?? signal})`);
  printSummary();
  process.exit(failed[0].status || 1);
}

const npx = 'npx';
await runTogether([
  { title: 'lint', command: npx, args: ['eslint', '.', '--max-warnings=0'] },
  { title: 'type-check', command: npx, args: ['tsc', '--noEmit'] },
]);
await runTogether([
  { title: 'format', command: npx, args: ['prettier', '--check', '.'] },
  // A cycle between modules (a connector's registry and its implementation, say) fails here, type imports
  // included.
  { title: 'import cycles', command: 'npm', args: ['run', '--silent', 'check:cycles'] },
  { title: 'dependency engines (Node 20 and 24)', command: 'node', args: ['scripts/check-engines.mjs'] },
]);

const { TEST_DATABASE_URL, ...withoutPg } = process.env;
const vitestArgs = (name) => [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${join(reports, name)}`,
];
// The first pass must not see TEST_DATABASE_URL, so that the database tests run on embedded PGlite.
console.log('\n▶ unit and API tests on PGlite');
const pgliteElapsed = stepTimer();
const pglite = spawnSync(npx, vitestArgs('vitest-pglite.json'), { stdio: 'inherit', env: { ...withoutPg } });
console.log(`◀ unit and API tests on PGlite: ${pgliteElapsed()}`);
if (pglite.status !== 0) {
  printSummary();
  process.exit(pglite.status || 1);
}
const { NODE24_BIN } = process.env;
if (TEST_DATABASE_URL && NODE24_BIN) {
  // One pass covers both the other database and production's Node: every unit and API test again, under
  // Node 24, with the database tests on PostgreSQL (two separate passes took four minutes more of CI). The
  // checks that only read the sources (test/lint: imports, tokens, boundaries; test/deploy: the Dockerfile and
  // nginx files) depend on neither, and ran once already (TEST_SKIP_SOURCE_CHECKS, vitest.config.ts).
  run(
    'unit and API tests on PostgreSQL, Node 24',
    NODE24_BIN,
    ['node_modules/vitest/vitest.mjs', ...vitestArgs('vitest-postgres.json').slice(1)],
    { TEST_DATABASE_URL, TEST_SKIP_SOURCE_CHECKS: '1' },
  );
} else if (TEST_DATABASE_URL) {
  // test/instances: two portals behind nginx on one database (it needs nginx, and Redis for its second run).
  run(
    'unit and API tests on PostgreSQL',
    npx,
    [...vitestArgs('vitest-postgres.json'), 'test/api', 'test/instances'],
    { TEST_DATABASE_URL },
  );
} else if (NODE24_BIN) {
  run(
    'unit and API tests on PGlite, Node 24',
    NODE24_BIN,
    ['node_modules/vitest/vitest.mjs', ...vitestArgs('vitest-node24.json').slice(1)],
    { TEST_DATABASE_URL: '' },
  );
}
if (!TEST_DATABASE_URL) console.log('\n(TEST_DATABASE_URL is unset: the database tests ran on PGlite only)');
if (!NODE24_BIN)
  console.log('\n(NODE24_BIN is unset: the tests ran on this Node only; .ci/run installs Node 24)');

const chromium = ensureChromium();
// A shell's NODE_ENV=development must not leak into the build (scripts/build.mjs); proven on every run.
run('build (with NODE_ENV=development set)', 'npm', ['run', 'build'], { NODE_ENV: 'development' });
run('production bundle', 'node', ['scripts/check-production-bundle.mjs']);
// The tests of that build (vitest.build.config.ts): the Dockerfile's start command against it
// (test/deploy/image-start.build.test.ts; Docker is not on the test machines, so the test lays out the image's
// files and runs its CMD as the image would) and each page module's initial JavaScript within its budget
// (test/build/initial-js.build.test.ts).
run('the image start (Dockerfile) and the page budgets against the build', npx, [
  ...vitestArgs('vitest-build.json'),
  '--config',
  'vitest.build.config.ts',
]);
run('browser tests (Playwright, Chromium)', npx, ['playwright', 'test', '--reporter=list,json'], {
  CHROMIUM_PATH: chromium,
  PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'playwright.json'),
});
// The vendor profile: the portal with the vendor adapters pointed at their fakes (playwright.vendors.config.ts).
run(
  'browser tests against the vendor fakes (Playwright, Chromium)',
  npx,
  ['playwright', 'test', '--config', 'playwright.vendors.config.ts', '--reporter=list,json'],
  { CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'playwright-vendors.json') },
);
printSummary();
if (flakyTests > 0) {
  console.error(
    `\n✖ ${flakyTests} browser test(s) passed only on the retry: counted as failed (see the list above)`,
  );
  process.exit(1);
}
