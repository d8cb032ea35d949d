import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readRuntimeStage, type RuntimeStage } from './dockerfile.js';

/**
 * The image's start, outside a container (Docker is not on the test machines): the Dockerfile's runtime stage
 * is read (its COPY lines, WORKDIR, ENV, VOLUME, USER, CMD and HEALTHCHECK), its file system is laid out in a
 * temporary folder from the production build, and its command is run there as `docker run -p` would, on a
 * loopback port. Needs `npm run build` first: npm test runs it after the build (vitest.build.config.ts).
 *
 * What differs from the container: the image's folders sit under the temporary folder (paths in ENV are moved
 * with them), the process runs as the user running the test (USER is checked to be unprivileged instead),
 * HOST is loopback, and node_modules is the project's own (with the development packages too).
 */

const root = path.resolve(import.meta.dirname, '../..');
const PORT = 5140;
/** Migrations, content/ and the downloads on a fresh PGlite: 48 to 88 s on this shared 2-core machine (load 9-19). */
const START_TIMEOUT_MS = 150_000;
/** The production server's own stop budget (src/server/main.ts) plus a margin. */
const STOP_TIMEOUT_MS = 15_000;

const stage: RuntimeStage = readRuntimeStage(path.join(root, 'Dockerfile'));
const scratch = mkdtempSync(path.join(tmpdir(), 'portal-image-'));
/** Where a path of the image's file system is in the temporary folder. */
const inImage = (imagePath: string) => path.join(scratch, 'fs', imagePath);
const workdir = inImage(stage.workdir);

/** An image path of a COPY destination, relative ones from WORKDIR. */
function imagePathOf(destination: string): string {
  return destination.startsWith('/') ? destination : path.posix.join(stage.workdir, destination);
}

/** The runtime stage's files: each COPY --from a stage of the build, taken from the project's build. */
function layOutImage(): void {
  for (const copy of stage.copies) {
    if (copy.from === undefined) throw new Error('the runtime stage copies from the build context');
    const sourceWorkdir = stage.stageWorkdirs[copy.from];
    if (sourceWorkdir === undefined) throw new Error(`COPY --from=${copy.from}: no such stage`);
    const intoFolder = copy.destination.endsWith('/') || copy.sources.length > 1;
    for (const source of copy.sources) {
      const relative = path.posix.relative(sourceWorkdir, source);
      if (relative.startsWith('..')) throw new Error(`COPY ${source}: outside its stage's WORKDIR`);
      const from = path.join(root, relative);
      if (!existsSync(from)) throw new Error(`${relative} does not exist: run npm run build first`);
      const to = inImage(
        intoFolder
          ? path.posix.join(imagePathOf(copy.destination), path.posix.basename(source))
          : imagePathOf(copy.destination),
      );
      mkdirSync(path.dirname(to), { recursive: true });
      // The installed packages are linked, not copied (hundreds of MB); everything else is copied, so that
      // nothing of src/ is beside the scripts (start.mjs would rebuild the server from it).
      if (relative === 'node_modules') symlinkSync(from, to, 'dir');
      else cpSync(from, to, { recursive: true });
    }
  }
  mkdirSync(workdir, { recursive: true });
  for (const volume of stage.volumes) mkdirSync(inImage(volume), { recursive: true });
}

/** The image's ENV, with the paths of its file system moved into the temporary folder. */
function imageEnv(): Record<string, string> {
  const moved = [stage.workdir, ...stage.volumes];
  return Object.fromEntries(
    Object.entries(stage.env).map(([name, value]) => [
      name,
      moved.some((dir) => value === dir || value.startsWith(`${dir}/`)) ? inImage(value) : value,
    ]),
  );
}

/** Node 24 when CI names it (the image's Node), else the Node running the tests. */
const nodeBin = process.env.NODE24_BIN || process.execPath;

const runEnv: NodeJS.ProcessEnv = {
  PATH: `${path.dirname(nodeBin)}${path.delimiter}${process.env.PATH ?? ''}`,
  HOME: scratch,
  ...imageEnv(),
  // What `docker run -e ... -p 127.0.0.1:5140:<port>` would give it: production requires both settings.
  PORT: String(PORT),
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://127.0.0.1:${PORT}`,
  CHAT_JWT_SECRET: randomBytes(32).toString('base64url'),
  LOG_LEVEL: 'info',
};

let server: ChildProcess | undefined;
let output = '';
let exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }> | undefined;

async function waitForReady(): Promise<Response> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (server?.exitCode !== null) throw new Error(`the server exited during its start:\n${output}`);
    try {
      const answer = await fetch(`http://127.0.0.1:${PORT}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (answer.status === 200) return answer;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`no ready answer within ${START_TIMEOUT_MS} ms:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('the Docker image, started as its Dockerfile says', () => {
  let startedAt = 0;
  let readyAt = 0;
  let readyBody: unknown;

  beforeAll(async () => {
    layOutImage();
    const [command = '', ...args] = stage.command;
    startedAt = Date.now();
    server = spawn(command, args, { cwd: workdir, env: runEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const child = server;
    exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    const ready = await waitForReady();
    readyAt = Date.now();
    readyBody = await ready.json();
  }, START_TIMEOUT_MS + 10_000);

  afterAll(() => {
    if (server && server.exitCode === null && server.pid !== undefined) server.kill('SIGKILL');
    rmSync(scratch, { recursive: true, force: true });
  });

  it('is a multi-stage build on Node 24 that runs as an unprivileged user', () => {
    expect(stage.base).toMatch(/^node:24[-.]/);
    expect(Object.keys(stage.stageWorkdirs).length).toBeGreaterThanOrEqual(1);
    expect(stage.user).toBeDefined();
    expect(stage.user).not.toMatch(/^(root|0)(:|$)/);
    expect(stage.env.NODE_ENV).toBe('production');
    // The embedded database's folder is a volume, so it outlives the container.
    expect(stage.volumes).toContain(stage.env.DATA_DIR);
    // The port the server listens on is the one the image exposes.
    expect(stage.exposed).toContain(Number(stage.env.PORT));
  });

  it('answers /readyz once started, and its HEALTHCHECK command passes', () => {
    expect(readyBody).toEqual({ status: 'ok' });
    console.log(`image start: ready in ${readyAt - startedAt} ms`);
    expect(stage.healthcheck).toBeDefined();
    const [command = '', ...args] = stage.healthcheck ?? [];
    const check = spawnSync(command, args, { cwd: workdir, env: runEnv, timeout: 10_000 });
    expect(check.status, check.stderr.toString()).toBe(0);
  });

  it("the process is Node itself with start.sh's memory bounds (exec), on the production build", async () => {
    const cmdline = readFileSync(`/proc/${server?.pid}/cmdline`, 'utf8').split('\0');
    expect(path.basename(cmdline[0] ?? '')).toMatch(/^node/);
    expect(cmdline).toContainEqual(expect.stringMatching(/^--max-old-space-size=\d+$/));
    const environ = readFileSync(`/proc/${server?.pid}/environ`, 'utf8').split('\0');
    expect(environ).toContain('MALLOC_ARENA_MAX=2');
    expect(environ).toContain('MALLOC_MMAP_THRESHOLD_=131072');
    // The build was used as it is: neither rebuilt nor missing.
    expect(output).not.toMatch(/start: .*(missing|rebuilding)/);
    const home = await fetch(`http://127.0.0.1:${PORT}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<div id="root">');
    // The embedded database was created in the volume.
    expect(readdirSync(inImage(stage.env.DATA_DIR ?? '/nowhere')).length).toBeGreaterThan(0);
  });

  it('the built server imports only production dependencies (the image installs no others)', () => {
    const manifest = z
      .object({ dependencies: z.record(z.string(), z.string()) })
      .parse(JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')));
    const bundles = [
      path.join(root, 'dist/node/main.js'),
      ...readdirSync(path.join(root, 'dist/server'))
        .filter((name) => name.endsWith('.js'))
        .map((name) => path.join(root, 'dist/server', name)),
    ];
    const imported = new Set<string>();
    for (const bundle of bundles) {
      const text = readFileSync(bundle, 'utf8');
      for (const match of text.matchAll(/(?:\bfrom ?|\bimport\(|\brequire\()"([^"./][^"]*)"/g)) {
        const specifier = match[1] ?? '';
        if (isBuiltin(specifier)) continue;
        const parts = specifier.split('/');
        imported.add(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? ''));
      }
    }
    expect(imported.size).toBeGreaterThan(10);
    expect([...imported].filter((name) => !(name in manifest.dependencies))).toEqual([]);
  });

  it(
    'SIGTERM (its STOPSIGNAL) stops it cleanly: exit code 0',
    async () => {
      expect(stage.stopSignal ?? 'SIGTERM').toBe('SIGTERM');
      server?.kill('SIGTERM');
      const timeout = new Promise<'timeout'>((resolve) =>
        setTimeout(() => resolve('timeout'), STOP_TIMEOUT_MS),
      );
      const result = await Promise.race([exited, timeout]);
      expect(result, output).toEqual({ code: 0, signal: null });
    },
    STOP_TIMEOUT_MS + 5000,
  );
});
