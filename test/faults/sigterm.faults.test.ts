import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/common/api-paths.js';
import { nginxBinary, NGINX_MISSING, startNginx, type Nginx } from '../instances/cluster.js';
import { ticketBody } from '../support/tickets.js';
import { startLoad, summarize, waitUntil } from './support/load-loop.js';
import { startPostgresCluster, type PostgresCluster } from './support/postgres-cluster.js';
import {
  customerLoad,
  faultDatabase,
  removeServerBundle,
  startPortal,
  type FaultDatabase,
  type Portal,
} from './support/portal.js';

/**
 * SIGTERM to one of two portals (5021, 5022) behind nginx (5020, with deploy/nginx.conf's failover) under a
 * steady load through nginx: a request in flight on it finishes, new connections to it are refused (not left
 * hanging), its live event stream ends (the browser reconnects after the `retry:` it was given, through nginx to
 * the other), it exits cleanly, and the load sees no failed request: nginx sends everything to the other.
 */

const PG_PORT = 5090;
const NGINX_PORT = 5020;
const PORTS = [5021, 5022] as const;
const ANSWER_WITHIN_MS = 12_000;

let cluster: PostgresCluster;
let database: FaultDatabase;
const portals: Portal[] = [];
let nginx: Nginx;

beforeAll(async () => {
  if (!nginxBinary()) throw new Error(NGINX_MISSING);
  cluster = await startPostgresCluster(PG_PORT);
  database = await faultDatabase(cluster.url);
  const origin = `http://127.0.0.1:${NGINX_PORT}`;
  portals.push(
    ...(await Promise.all(
      PORTS.map((port) =>
        startPortal(`portal (:${port})`, port, { DATABASE_URL: database.url, PUBLIC_URL: origin }),
      ),
    )),
  );
  nginx = await startNginx(NGINX_PORT, PORTS, { failover: true });
}, 120_000);

afterAll(async () => {
  await nginx?.stop();
  await Promise.all(portals.map((portal) => portal.stop()));
  await database?.own.close();
  await cluster?.destroy();
  await removeServerBundle();
}, 60_000);

/** A live stream's raw text and when it ended (ms since `since`), read until the server ends it. */
async function rawStream(url: string, cookie: string, since: () => number) {
  const res = await fetch(url, { headers: { accept: 'text/event-stream', cookie } });
  const state = { status: res.status, text: '', endedAt: -1 };
  const reading = (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    const reader = res.body.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      state.text += decoder.decode(chunk.value, { stream: true });
    }
    state.endedAt = since();
  })().catch(() => {
    state.endedAt = since();
  });
  return { state, reading };
}

/** Opens a connection and closes it: `accepted`, or the error's code (ECONNREFUSED). */
function tryConnect(port: number): Promise<string> {
  return new Promise<string>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(2000, () => {
      socket.destroy();
      resolve('no answer in 2 s');
    });
    socket.once('connect', () => {
      socket.destroy();
      resolve('accepted');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

/** A ticket whose body reaches the portal in two parts, `gapMs` apart: a request in flight that long. */
async function slowTicket(origin: string, cookie: string, gapMs: number): Promise<number> {
  const body = new TextEncoder().encode(
    JSON.stringify(ticketBody({ subject: 'Sent while the portal stops' })),
  );
  const half = Math.floor(body.length / 2);
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(body.slice(0, half));
      await new Promise((resolve) => setTimeout(resolve, gapMs));
      controller.enqueue(body.slice(half));
      controller.close();
    },
  });
  const res = await fetch(`${origin}${apiPaths.tickets.tickets}`, {
    method: 'POST',
    headers: {
      cookie,
      origin: nginx.url,
      'content-type': 'application/json',
      'content-length': String(body.length),
    },
    body: stream,
    duplex: 'half',
  } as RequestInit);
  await res.text();
  return res.status;
}

describe('SIGTERM to one of two instances behind nginx under load', () => {
  it('finishes what it has, refuses new work cleanly, ends its streams, and nginx serves everything from the other', async () => {
    const [victim, survivor] = portals;
    if (!victim || !survivor) throw new Error('two portals expected');
    const load = startLoad(customerLoad(nginx.url, database.cookie), {
      deadlineMs: ANSWER_WITHIN_MS,
      pauseMs: 20,
      workersPerRequest: 3,
    });
    const stream = await rawStream(`${victim.url}${apiPaths.tickets.events}`, database.cookie, load.now);
    expect(stream.state.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 3000));

    // A request in flight on the victim when the signal comes: its body's second half arrives 1.5 s after.
    const inFlight = slowTicket(victim.url, database.cookie, 1500);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const exited = new Promise<number | null>((resolve) => victim.child.process.once('exit', resolve));
    const signalledAt = load.now();
    victim.child.process.kill('SIGTERM');

    // New connections straight to it are soon refused, never left waiting (until it stops listening, and on a
    // connection already open, such as nginx's keep-alive ones, a request is still served, with
    // `Connection: close`).
    const refusedAfterMs = await waitUntil(
      'new connections refused',
      async () => (await tryConnect(Number(new URL(victim.url).port))) === 'ECONNREFUSED',
      5000,
    );

    expect(await inFlight).toBe(201);
    const exitCode = await exited;
    const exitedAt = load.now();
    await stream.reading;
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const outcomes = await load.stop();

    // The stream was given its reconnection delay at the start, and was ended (not cut) at the signal.
    expect(stream.state.text).toMatch(/^retry: \d+\n\n/);
    expect(stream.state.endedAt).toBeGreaterThanOrEqual(signalledAt);
    expect(stream.state.endedAt - signalledAt).toBeLessThan(2000);
    expect(exitCode).toBe(0);
    expect(victim.child.lines.some((line) => line.includes('shut down cleanly'))).toBe(true);

    const figures = {
      all: summarize(outcomes),
      afterSignal: summarize(outcomes.filter((outcome) => outcome.at >= signalledAt)),
      streamEndedAfterSignalMs: Math.round(stream.state.endedAt - signalledAt),
      exitedAfterSignalMs: Math.round(exitedAt - signalledAt),
      newConnectionsRefusedAfterMs: Math.round(refusedAfterMs),
    };
    console.log(`sigterm: ${JSON.stringify(figures)}`);
    const failed = outcomes.filter((outcome) => outcome.status < 200 || outcome.status >= 300);
    expect(
      failed.map(
        (outcome) =>
          `${Math.round(outcome.at - signalledAt)} ms: ${outcome.name} ${outcome.status} ${outcome.error ?? outcome.body.slice(0, 200)}`,
      ),
    ).toEqual([]);
    expect(figures.afterSignal.requests).toBeGreaterThan(0);
  }, 120_000);
});
