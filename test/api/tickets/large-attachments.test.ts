import { fork, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { apiPaths } from '../../../src/common/api-paths.js';
import { ATTACHMENT_MAX_BYTES } from '../../../src/common/attachments.js';
import { attachmentItemSchema, ticketItemSchema } from '../../../src/common/contracts/tickets.js';
import { CHUNK_BYTES } from '../../../src/server/connectors/storage/builtin/storage.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-db.js';
import { ticketBody, ticketPath } from '../../support/tickets.js';
import type { UploadServerHeap, UploadServerReady } from '../../support/upload-server.js';

/**
 * One upload must never take the portal down. The server runs as production runs it: in a process of its own
 * with the heap limit of scripts/start.sh and a real port, so this process, as a client, sees how long every
 * other request waits while a file at the 25 MB limit goes in and out, and a server that runs out of memory
 * shows as a process that exited. On the default embedded database (PGlite) these uploads used to stall
 * every request for seconds and, from 5 MB, end the process.
 */

/** What scripts/start.sh gives Node (PORTAL_HEAP_MB's default). */
const PRODUCTION_HEAP_MB = 256;
/** Longest `/healthz` may wait while files go in and out. */
const HEALTH_BUDGET_MS = 1000;
const MiB = 1024 * 1024;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A 1x1 PNG, whole (the scan reads its chunks up to IEND). */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A PNG file of `size` bytes: a real image, then random bytes (which no database compresses). */
function png(size: number): Buffer<ArrayBuffer> {
  const bytes = randomBytes(size);
  PIXEL.copy(bytes);
  return bytes;
}

interface UploadServer extends UploadServerReady {
  heap(): Promise<UploadServerHeap>;
  /** Whatever the server printed: the reason, should it stop. */
  output(): string;
  /** Set once the process has exited (it should not before `stop`). */
  exitCode(): number | null | undefined;
  stop(): Promise<void>;
}

async function startUploadServer(databaseUrl: string | undefined): Promise<UploadServer> {
  const child: ChildProcess = fork(
    fileURLToPath(new URL('../../support/upload-server.ts', import.meta.url)),
    {
      execArgv: ['--import', 'tsx', `--max-old-space-size=${PRODUCTION_HEAP_MB}`],
      env: {
        ...process.env,
        ...(databaseUrl
          ? { UPLOAD_SERVER_DATABASE_URL: databaseUrl }
          : { UPLOAD_SERVER_PGLITE_SNAPSHOT: inject('pgliteSnapshotFile') }),
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let exitCode: number | null | undefined;
  const exited = new Promise<void>((resolve) =>
    child.on('exit', (code) => {
      exitCode = code;
      resolve();
    }),
  );
  const nextMessage = <T>(): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const onExit = () => reject(new Error(`the server exited (${String(exitCode)}):\n${output}`));
      child.once('message', (message) => {
        child.off('exit', onExit);
        resolve(message as T);
      });
      child.once('exit', onExit);
    });
  const startup = setTimeout(() => child.kill('SIGKILL'), 45_000);
  const ready = await nextMessage<UploadServerReady>().finally(() => clearTimeout(startup));
  return {
    ...ready,
    heap: () => {
      const answer = nextMessage<UploadServerHeap>();
      child.send('heap');
      return answer;
    },
    output: () => output,
    exitCode: () => exitCode,
    stop: async () => {
      if (exitCode === undefined && child.connected) {
        child.send('stop');
        const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(killer);
      }
    },
  };
}

/**
 * Asks `/healthz` again 50 ms after each answer until stopped. `slowest` is the longest wait for an answer;
 * `longestGap` the longest time between two answers, which also counts a stall that began between requests.
 */
function watchHealth(url: string) {
  const waits: number[] = [];
  let longestGap = 0;
  let failures = 0;
  let running = true;
  const loop = (async () => {
    let last = performance.now();
    while (running) {
      const start = performance.now();
      try {
        const res = await fetch(`${url}${apiPaths.system.health}`, { signal: AbortSignal.timeout(10_000) });
        await res.arrayBuffer();
        if (res.status !== 200) failures += 1;
      } catch {
        failures += 1;
      }
      const now = performance.now();
      waits.push(now - start);
      longestGap = Math.max(longestGap, now - last);
      last = now;
      await sleep(50);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return { answers: waits.length, failures, slowest: Math.max(...waits), longestGap };
    },
  };
}

const databaseUrl = process.env.TEST_DATABASE_URL;
const databaseLabel = databaseUrl ? 'PostgreSQL' : 'PGlite';

describe(`attachments at the size limit (${databaseLabel}, ${PRODUCTION_HEAP_MB} MB heap, real port)`, () => {
  let database: TestDatabase | undefined;
  let server: UploadServer | undefined;
  let ticketId: number;
  const log: string[] = [];
  const running = () => {
    if (!server) throw new Error('the server is started in beforeAll');
    return server;
  };

  const headers = () => ({ cookie: running().cookie, origin: running().url });
  const upload = async (name: string, body: Buffer<ArrayBuffer>) => {
    try {
      return await fetch(
        `${running().url}${ticketPath(ticketId, apiPaths.tickets.attachments)}?name=${name}`,
        {
          method: 'POST',
          headers: { ...headers(), 'content-type': 'application/octet-stream' },
          body,
        },
      );
    } catch (error) {
      // A server that died (out of memory) cuts the connection: say why rather than 'fetch failed'.
      await sleep(500);
      throw new Error(
        `the upload of ${name} failed (${String(error)}); server exit code ${String(running().exitCode())}, ` +
          `its output ends:\n${running().output().slice(-1500)}`,
      );
    }
  };
  /** A download as a browser makes it: a redirect to a signed URL, which is fetched without a session. */
  const download = async (attachmentUrl: string, range?: string) => {
    const redirect = await fetch(`${running().url}${attachmentUrl}`, {
      headers: headers(),
      redirect: 'manual',
    });
    expect(redirect.status).toBe(302);
    const signed = `${running().url}${redirect.headers.get('location') ?? ''}`;
    return fetch(signed, range ? { headers: { range } } : {});
  };

  beforeAll(async () => {
    if (databaseUrl) database = await createTestDatabase();
    server = await startUploadServer(database?.url);
    const res = await fetch(`${running().url}${apiPaths.tickets.tickets}`, {
      method: 'POST',
      headers: { ...headers(), 'content-type': 'application/json' },
      body: JSON.stringify(ticketBody()),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    ticketId = ticketItemSchema.parse(await res.json()).ticket.id;
  });

  afterAll(async () => {
    await server?.stop();
    await database?.close();
    // The figures the fix is judged by, in the test output.
    console.info(log.join('\n'));
  });

  it('keeps a 25 MB file and gives back the same bytes, whole and by range, while /healthz answers within 1 s', async () => {
    const body = png(ATTACHMENT_MAX_BYTES);
    const digest = sha256(body);
    const health = watchHealth(running().url);

    const uploadStart = performance.now();
    const res = await upload('big.png', body);
    const uploadMs = performance.now() - uploadStart;
    expect(res.status, await res.clone().text()).toBe(201);
    const { attachment } = attachmentItemSchema.parse(await res.json());
    expect(attachment).toMatchObject({ size: ATTACHMENT_MAX_BYTES, contentType: 'image/png' });

    const downloadStart = performance.now();
    const file = await download(attachment.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-length')).toBe(String(ATTACHMENT_MAX_BYTES));
    const bytes = Buffer.from(await file.arrayBuffer());
    const downloadMs = performance.now() - downloadStart;
    expect(bytes.byteLength).toBe(ATTACHMENT_MAX_BYTES);
    expect(sha256(bytes)).toBe(digest);

    // A range across the boundary of two chunks, as a download manager resuming asks for it.
    const start = 3 * CHUNK_BYTES - 5;
    const part = await download(attachment.url, `bytes=${start}-${start + 9}`);
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes ${start}-${start + 9}/${ATTACHMENT_MAX_BYTES}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(body.subarray(start, start + 10))).toBe(true);

    const seen = await health.stop();
    const { heapPeak, heapLimit } = await running().heap();
    log.push(
      `${databaseLabel}: 25 MiB upload ${uploadMs.toFixed(0)} ms, download ${downloadMs.toFixed(0)} ms; ` +
        `/healthz ${seen.answers} answers, slowest ${seen.slowest.toFixed(0)} ms, longest gap ` +
        `${seen.longestGap.toFixed(0)} ms; heap peak ${(heapPeak / MiB).toFixed(0)} MiB of ${(heapLimit / MiB).toFixed(0)} MiB`,
    );
    expect(seen.failures).toBe(0);
    expect(seen.slowest).toBeLessThan(HEALTH_BUDGET_MS);
    // Well below the limit, garbage not yet collected included (about 65 MiB measured; a single 25 MB
    // statement with fast codecs reached 100 MiB, and PGlite's own codecs ran out of memory).
    expect(heapPeak).toBeLessThan(heapLimit / 2);
    expect(running().exitCode()).toBeUndefined();
  }, 60_000);

  it('takes ten 5 MB files at once, all kept whole', async () => {
    const bodies = Array.from({ length: 10 }, () => png(5 * MiB));
    const health = watchHealth(running().url);
    const start = performance.now();
    const answers = await Promise.all(bodies.map((body, i) => upload(`screen-${i}.png`, body)));
    const uploadMs = performance.now() - start;
    const attachments = await Promise.all(
      answers.map(async (res) => {
        expect(res.status, await res.clone().text()).toBe(201);
        return attachmentItemSchema.parse(await res.json()).attachment;
      }),
    );
    for (const [i, attachment] of attachments.entries()) {
      const file = await download(attachment.url);
      expect(file.status).toBe(200);
      expect(sha256(Buffer.from(await file.arrayBuffer()))).toBe(sha256(bodies[i] ?? Buffer.alloc(0)));
    }
    const seen = await health.stop();
    const { heapPeak, heapLimit } = await running().heap();
    log.push(
      `${databaseLabel}: 10 x 5 MiB at once ${uploadMs.toFixed(0)} ms; /healthz slowest ${seen.slowest.toFixed(0)} ms, ` +
        `longest gap ${seen.longestGap.toFixed(0)} ms; heap peak so far ${(heapPeak / MiB).toFixed(0)} MiB`,
    );
    expect(seen.failures).toBe(0);
    expect(seen.slowest).toBeLessThan(HEALTH_BUDGET_MS);
    expect(heapPeak).toBeLessThan(heapLimit / 2);
    expect(running().exitCode()).toBeUndefined();
  }, 60_000);
});
