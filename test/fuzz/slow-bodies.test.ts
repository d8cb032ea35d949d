import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { MATRIX, sampleUrl } from '../security/route-matrix.js';
import { APP_ORIGIN } from '../support/http.js';
import { STATE_CHANGING } from '../support/route-calls.js';
import { useFuzzApp } from './fuzz-app.js';
import { expectNoProblems, problemsOf, type Answer, type FuzzTarget } from './fuzz-targets.js';

/**
 * Bodies that arrive slowly or never whole, over a real connection to the listening app: every state-changing
 * route of the route table, called by a user the matrix allows, gets a body that stops halfway, a body whose
 * client hangs up halfway, and a malformed body sent a few bytes at a time. The answers are JSON 4xx in bounded
 * time, and none of it writes a row.
 */
const IDLE_MS = 400;
const fuzz = useFuzzApp({ BODY_IDLE_TIMEOUT_MS: String(IDLE_MS) });
// The loopback ports this suite may listen on.
const PORTS = Array.from({ length: 20 }, (_, index) => 5120 + index);
let port = 0;

beforeAll(async () => {
  for (const candidate of PORTS) {
    try {
      await fuzz.t.app.listen({ port: candidate, host: '127.0.0.1' });
      port = candidate;
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    }
  }
  throw new Error(`no free port in ${PORTS[0]}-${PORTS.at(-1)}`);
});

const writes = Object.keys(MATRIX).filter((key) => STATE_CHANGING.has(key.split(' ')[0] ?? ''));

interface SocketAnswer extends Answer {
  ms: number;
  /** The server closed the connection. */
  closed: boolean;
}

/** The body a JSON route is sent here: long enough to be cut in the middle. */
const BODY = JSON.stringify({ text: 'x'.repeat(200), subject: 'slow', description: 'body' });

/**
 * Writes the request head and then `pieces` of the body, `pauseMs` apart; declares `declared` bytes. Answers
 * what came back once the server has closed the connection, or has answered and `waitMs` passed.
 */
async function sendRaw(
  target: FuzzTarget,
  options: { pieces: string[]; pauseMs: number; declared: number; hangUp?: boolean; waitMs: number },
): Promise<SocketAnswer | undefined> {
  const socket = net.connect({ host: '127.0.0.1', port });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const started = performance.now();
  let received = '';
  let closed = false;
  socket.setEncoding('utf8');
  socket.on('data', (text: string) => (received += text));
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('close', () => (closed = true));
  socket.on('error', () => undefined);
  const cookie = fuzz.headers[target.role].cookie;
  socket.write(
    [
      `${target.method} ${sampleUrl(target.url)} HTTP/1.1`,
      'host: localhost',
      `origin: ${APP_ORIGIN}`,
      'content-type: application/json',
      `content-length: ${options.declared}`,
      ...(cookie ? [`cookie: ${cookie}`] : []),
      '',
      '',
    ].join('\r\n'),
  );
  for (const piece of options.pieces) {
    if (closed) break;
    socket.write(piece);
    await sleep(options.pauseMs);
  }
  if (options.hangUp) {
    socket.destroy();
    return undefined;
  }
  await Promise.race([ended, sleep(options.waitMs)]);
  socket.destroy();
  const [head = '', body = ''] = received.split('\r\n\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
  const type = /\r\ncontent-type: ([^\r\n]+)/i.exec(head)?.[1] ?? '';
  // A chunked body: its one chunk between the size line and the end.
  const text = /\r\ntransfer-encoding: chunked/i.test(head) ? (body.split('\r\n')[1] ?? '') : body;
  return { status, type, body: text, ms: performance.now() - started, closed };
}

function targetOf(key: string): FuzzTarget {
  const target = fuzz.targets.get(key);
  if (!target) throw new Error(`${key} is not in the route table`);
  return target;
}

/** The problems of every route's answer, each named by its route; the routes are called side by side. */
async function eachRoute(
  expected: (answer: SocketAnswer) => string[],
  send: (target: FuzzTarget) => Promise<SocketAnswer | undefined>,
): Promise<string[]> {
  await fuzz.written();
  const answers = await Promise.all(writes.map(async (key) => [key, await send(targetOf(key))] as const));
  // Every call here is refused, so no row may have been written by any of them.
  const written = await fuzz.written();
  return answers.flatMap(([key, answer]) =>
    (answer ? [...expected(answer), ...problemsOf(answer, written)] : ['no answer']).map(
      (problem) => `${key}: ${problem}`,
    ),
  );
}

describe('slow and half-sent bodies', () => {
  it('a body that stops halfway is answered 408 JSON and its connection closed, by every route', async () => {
    const found = await eachRoute(
      (answer) => [
        ...(answer.status === 408 ? [] : [`answered ${answer.status}, not 408: ${answer.body}`]),
        ...(answer.closed ? [] : ['the connection stayed open']),
      ],
      (target) =>
        sendRaw(target, {
          pieces: [BODY.slice(0, BODY.length / 2)],
          pauseMs: 0,
          declared: BODY.length,
          waitMs: IDLE_MS + 10_000,
        }),
    );
    expectNoProblems(found);
  });

  it('a malformed body sent a few bytes at a time is answered 4xx JSON by every route', async () => {
    const body = '{"text": "half, then\u0000 a brace missing"';
    const found = await eachRoute(
      (answer) => (answer.status >= 400 ? [] : [`answered ${answer.status}`]),
      (target) =>
        sendRaw(target, {
          pieces: body.match(/.{1,8}/gsu) ?? [],
          pauseMs: IDLE_MS / 8,
          declared: Buffer.byteLength(body),
          waitMs: 5000,
        }),
    );
    expectNoProblems(found);
  });

  it('writes nothing for bodies whose client hangs up halfway, and goes on answering', async () => {
    await fuzz.written();
    await Promise.all(
      writes.map((key) =>
        sendRaw(targetOf(key), {
          pieces: [BODY.slice(0, 10), BODY.slice(10, 40)],
          pauseMs: 20,
          declared: BODY.length,
          hangUp: true,
          waitMs: 0,
        }),
      ),
    );
    // Past the idle time, so whatever the server still held of those bodies has given up.
    await sleep(IDLE_MS * 2);
    expect(await fuzz.written()).toEqual({});
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
  });
});
