/**
 * The portal a bench measures: the production build started as `npm start` starts it (`scripts/start.sh`,
 * its memory bounds included) on a fresh temporary DATA_DIR (embedded PGlite, unless `env` names a
 * DATABASE_URL), `NODE_ENV=production`, demo data, and a throw-away `CHAT_JWT_SECRET` unless one is set.
 * Shared by the page and capacity benches.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { closeSync, existsSync, openSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const READY_TIMEOUT_MS = 120_000;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Waits for `GET /readyz` to answer 200; fails early when `child` exits first. */
export async function waitForReady(baseUrl, child, logFile) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) {
      throw new Error(
        `the portal exited with status ${child.exitCode} before it was ready (log: ${logFile})`,
      );
    }
    try {
      const res = await fetch(new URL('/readyz', baseUrl), { signal: AbortSignal.timeout(5000) });
      if (res.ok) return;
      last = `GET /readyz → ${res.status}`;
    } catch (err) {
      last = err.cause?.code ?? err.message;
    }
    // Often enough that the start-up time the benches report is within a tenth of a second; a refused
    // connection costs the starting portal nothing.
    await sleep(100);
  }
  throw new Error(`the portal was not ready after ${READY_TIMEOUT_MS / 1000} s (${last}; log: ${logFile})`);
}

/** Whether something answers on the port (it would be measured in place of the portal). */
export async function portInUse(port) {
  return fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(2000) }).then(
    () => true,
    (err) => err.cause?.code !== 'ECONNREFUSED',
  );
}

/**
 * Starts the portal on `port` and waits until it is ready. Answers its URL, its process id (the server runs
 * in that process: start.sh execs Node, start.mjs imports main.js) and `stop()`, which sends SIGTERM (SIGKILL
 * after 15 s) and removes the data directory; `stop({showLog: true})` prints the end of the portal's log first. `prepare(env)`,
 * when given, runs before the portal starts with the environment it will get (its DATA_DIR included); what it
 * answers comes back as `prepared`; `logFile` is the portal's output (removed by `stop()`); `readySeconds` the
 * time from the process's start to its first ready answer (polled every 0.1 s).
 */
export async function startPortal({ port, env = {}, log = console.error, prepare }) {
  for (const file of ['dist/client/index.html', 'dist/server/entry-server.js']) {
    if (!existsSync(join(root, file))) throw new Error(`${file} does not exist: run \`npm run build\` first`);
  }
  if (await portInUse(port)) {
    throw new Error(`port ${port} is already in use: stop what listens there or set BENCH_PORT`);
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-portal-data-'));
  const logFile = join(dataDir, 'portal.log');
  const portalEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    // Production requires the address users reach the portal at (mail links are built from it).
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DEMO_DATA: 'true',
    // Production requires a signing secret; a throw-away one is enough for a bench.
    CHAT_JWT_SECRET: process.env.CHAT_JWT_SECRET || randomBytes(32).toString('hex'),
    ...env,
  };
  let prepared;
  try {
    prepared = prepare ? await prepare(portalEnv) : undefined;
  } catch (err) {
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  }
  // The log file itself is the portal's stdout and stderr: piped through this process, every request's log
  // line was work for the thread that also runs autocannon, and measured against the portal.
  const logFd = openSync(logFile, 'a');
  const child = spawn('sh', ['scripts/start.sh'], {
    cwd: root,
    env: portalEnv,
    stdio: ['ignore', logFd, logFd],
  });
  closeSync(logFd);
  const baseUrl = `http://127.0.0.1:${port}`;
  const logTail = async (lines = 40) =>
    existsSync(logFile) ? (await readFile(logFile, 'utf8')).split('\n').slice(-lines).join('\n') : '';
  const stop = async ({ showLog = false } = {}) => {
    if (showLog) {
      const tail = await logTail();
      if (tail) console.error(`--- last lines of the portal log ---\n${tail}\n---`);
    }
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const exited = await Promise.race([
        once(child, 'exit').then(() => true),
        sleep(15_000).then(() => false),
      ]);
      if (!exited) {
        log('the portal did not stop within 15 s of SIGTERM; sending SIGKILL');
        child.kill('SIGKILL');
        await once(child, 'exit');
      }
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  let readySeconds;
  try {
    log(`starting the portal on ${baseUrl} (DATA_DIR=${dataDir})`);
    const t0 = Date.now();
    await waitForReady(baseUrl, child, logFile);
    readySeconds = (Date.now() - t0) / 1000;
    log(`ready in ${readySeconds.toFixed(1)} s`);
  } catch (err) {
    await stop({ showLog: true }).catch(() => {});
    throw err;
  }
  return { baseUrl, pid: child.pid, prepared, stop, logFile, readySeconds };
}
