import { spawn } from 'node:child_process';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { apiPaths } from '../../../src/common/api-paths.js';
import { apiErrorSchema } from '../../../src/common/contracts/api-error.js';
import { attachmentItemSchema } from '../../../src/common/contracts/tickets.js';
import type { App } from '../../../src/server/app.js';
import type { Caller } from '../../support/callers.js';
import { customerOf, openTicket, ticketPath } from '../../support/tickets.js';
import { useTestApp } from '../../support/use-test-app.js';

/**
 * A body is received at the client's pace, within bounds: a slow but steady upload is stored however long it
 * takes, while a body that stops, or trickles under the minimum rate, is cut with a 408 JSON answer and its
 * connection closed. The request deadline still bounds the server's own work once the body is in.
 */

// Generous: the machines are shared. What is proven is the kind of answer and that it comes in bounded time.
const MARGIN_MS = 4000;
vi.setConfig({ testTimeout: 60_000 });

interface Answer {
  status: number;
  body: string;
  /** From the first byte sent to the end of the answer. */
  ms: number;
  /** Whether the server closed the connection after answering. */
  closed: boolean;
}

/**
 * Sends a request over a real connection, its body in `chunks` with `pauseMs` between them, and then, with
 * `stall`, nothing more (the declared length is never reached). Answers the response as soon as it ends.
 */
async function sendSlowly(
  app: App,
  options: {
    path: string;
    headers: Record<string, string>;
    chunks: Buffer[];
    pauseMs: number;
    /** Declare this many more bytes than are sent. */
    stall?: number;
  },
): Promise<Answer> {
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the app does not listen');
  const length = options.chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0) + (options.stall ?? 0);
  const started = performance.now();
  const request = http.request({
    host: '127.0.0.1',
    port: address.port,
    method: 'POST',
    path: options.path,
    agent: false,
    headers: {
      // As a browser asks: without it the client itself would close the connection after the answer.
      connection: 'keep-alive',
      origin: `http://127.0.0.1:${address.port}`,
      'content-length': String(length),
      ...options.headers,
    },
  });
  let answered = false;
  const answer = new Promise<Answer>((resolve, reject) => {
    request.on('response', (response) => {
      answered = true;
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (text: string) => (body += text));
      response.on('end', () => {
        const ms = performance.now() - started;
        const socket = request.socket;
        const done = (closed: boolean) => resolve({ status: response.statusCode ?? 0, body, ms, closed });
        if (!socket || socket.destroyed) done(true);
        else {
          // Closed by the server right after its answer, or kept open for the next request.
          const timer = setTimeout(() => done(false), 1000);
          socket.once('close', () => {
            clearTimeout(timer);
            done(true);
          });
        }
      });
    });
    // Writing into a connection the server has answered and closed fails; only an error before any answer counts.
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
  });
  void (async () => {
    for (const chunk of options.chunks) {
      if (answered || request.destroyed) return;
      request.write(chunk);
      await sleep(options.pauseMs);
    }
    if (!options.stall) request.end();
  })();
  try {
    return await answer;
  } finally {
    request.destroy();
  }
}

/** `total` bytes of a log file, in pieces of `size`. */
function logChunks(total: number, size: number): Buffer[] {
  const text = Buffer.alloc(total, 'tunnel down, retrying\n');
  const chunks: Buffer[] = [];
  for (let offset = 0; offset < total; offset += size) chunks.push(text.subarray(offset, offset + size));
  return chunks;
}

async function listening(app: App): Promise<void> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
}

async function uploadSetup(app: App): Promise<{ customer: Caller; path: string }> {
  await listening(app);
  const customer = await customerOf(app);
  const ticket = await openTicket(app, customer);
  return { customer, path: `${ticketPath(ticket.id, apiPaths.tickets.attachments)}?name=controller.log` };
}

const refusalMessage = (answer: Answer): string => apiErrorSchema.parse(JSON.parse(answer.body)).message;

describe('an attachment sent slowly but steadily (the defaults)', () => {
  const t = useTestApp({ seed: false });

  it('is stored: 300 KB at 25 KB/s takes longer than the request deadline and still gets a 201', async () => {
    const { customer, path } = await uploadSetup(t.app);
    // 2,500 bytes every 100 ms: 25 KB/s, about 12 s in all, past REQUEST_DEADLINE_MS (10 s).
    const chunks = logChunks(300_000, 2_500);
    const answer = await sendSlowly(t.app, {
      path,
      headers: { ...customer.headers, 'content-type': 'text/plain' },
      chunks,
      pauseMs: 100,
    });
    expect(answer.status, answer.body).toBe(201);
    expect(attachmentItemSchema.parse(JSON.parse(answer.body)).attachment.size).toBe(300_000);
    expect(answer.ms).toBeGreaterThan(t.app.env.REQUEST_DEADLINE_MS);
  });
});

describe('a body that stops or trickles', () => {
  const t = useTestApp({
    seed: false,
    env: {
      BODY_IDLE_TIMEOUT_MS: '600',
      BODY_RATE_GRACE_MS: '1000',
      BODY_MIN_BYTES_PER_SECOND: '5000',
      REQUEST_DEADLINE_MS: '1000',
    },
    extend: (app) => {
      // A route whose work never ends once it has the body: only the deadline answers it.
      app.post('/test/hangs', async () => new Promise<never>(() => undefined));
      app.post('/test/received', async (request) => ({ length: JSON.stringify(request.body).length }));
    },
  });

  it('is answered 408 JSON once no byte came for BODY_IDLE_TIMEOUT_MS, and the connection is closed', async () => {
    const { customer, path } = await uploadSetup(t.app);
    const answer = await sendSlowly(t.app, {
      path,
      headers: { ...customer.headers, 'content-type': 'text/plain' },
      chunks: logChunks(2_000, 1_000),
      pauseMs: 10,
      stall: 5_000,
    });
    expect(answer.status, answer.body).toBe(408);
    expect(refusalMessage(answer)).toMatch(/no data arrived for 0\.6 seconds/);
    expect(answer.closed).toBe(true);
    expect(answer.ms).toBeGreaterThanOrEqual(600);
    expect(answer.ms).toBeLessThan(600 + MARGIN_MS);
  });

  it('is answered 408 JSON when it keeps trickling under BODY_MIN_BYTES_PER_SECOND after the grace period', async () => {
    const { customer, path } = await uploadSetup(t.app);
    // 100 bytes every 100 ms: 1 KB/s, each pause far under the idle timeout, the average far under 5 KB/s.
    const answer = await sendSlowly(t.app, {
      path,
      headers: { ...customer.headers, 'content-type': 'text/plain' },
      chunks: logChunks(20_000, 100),
      pauseMs: 100,
    });
    expect(answer.status, answer.body).toBe(408);
    expect(refusalMessage(answer)).toMatch(/at least 5 KB a second/);
    expect(answer.closed).toBe(true);
    expect(answer.ms).toBeGreaterThanOrEqual(1000);
    expect(answer.ms).toBeLessThan(1000 + MARGIN_MS);
  });

  it('counts the deadline from the end of the body: work that hangs after a slow body gets its 503 then', async () => {
    await listening(t.app);
    // 1,500 bytes every 150 ms (10 KB/s, fast enough for the rules above): about 1.5 s of body, past the deadline.
    const json = Buffer.from(JSON.stringify({ note: 'x'.repeat(15_000) }));
    const chunks = Array.from({ length: Math.ceil(json.byteLength / 1500) }, (_, i) =>
      json.subarray(i * 1500, i * 1500 + 1500),
    );
    const answer = await sendSlowly(t.app, {
      path: '/test/hangs',
      headers: { 'content-type': 'application/json' },
      chunks,
      pauseMs: 150,
    });
    expect(answer.status, answer.body).toBe(503);
    // The body took about 1.5 s and the deadline 1 s more: a deadline counted from the start answers at 1 s.
    expect(answer.ms).toBeGreaterThanOrEqual(1500 + 900);
    expect(answer.ms).toBeLessThan(1500 + 1000 + MARGIN_MS);
  });

  it("does not blame the client for a stall of the server's own: pieces that waited in the socket count", async () => {
    await listening(t.app);
    const address = t.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('the app does not listen');
    // A client in a process of its own, so it keeps sending while this one is busy: 1,000 bytes every 50 ms.
    const client = `
      const body = JSON.stringify({ note: 'x'.repeat(39_990) });
      const request = require('node:http').request({
        host: '127.0.0.1', port: ${address.port}, method: 'POST', path: '/test/received',
        headers: { origin: 'http://127.0.0.1:${address.port}', 'content-type': 'application/json',
          'content-length': body.length },
      });
      request.on('response', (response) => {
        process.stdout.write(String(response.statusCode));
        process.exit(0);
      });
      let sent = 0;
      const timer = setInterval(() => {
        request.write(body.slice(sent, sent + 1000));
        sent += 1000;
        if (sent >= body.length) { clearInterval(timer); request.end(); }
      }, 50);`;
    const child = spawn(process.execPath, ['-e', client]);
    let status = '';
    child.stdout.on('data', (text: Buffer) => (status += String(text)));
    const exited = new Promise((resolve) => child.on('exit', resolve));
    await sleep(300);
    // Busy for twice the idle timeout, from the event loop's check phase (as a long synchronous task of a
    // request would be): the next timers then run before the socket is read again.
    await new Promise<void>((resolve) =>
      setImmediate(() => {
        const until = performance.now() + 1200;
        while (performance.now() < until);
        resolve();
      }),
    );
    await exited;
    expect(status).toBe('200');
  });

  it('closes the connection of a request refused before its body is read, so a half-sent body holds nothing', async () => {
    const { path } = await uploadSetup(t.app);
    const answer = await sendSlowly(t.app, {
      path,
      headers: { 'content-type': 'text/plain' },
      chunks: logChunks(1_000, 1_000),
      pauseMs: 10,
      stall: 5_000,
    });
    expect(answer.status, answer.body).toBe(401);
    expect(answer.closed).toBe(true);
  });
});
