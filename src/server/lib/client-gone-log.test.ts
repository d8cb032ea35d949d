import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { clientGoneAtInfo, isClientGone } from './client-gone-log.js';

/** A logger with the hook that keeps its lines, as JSON objects. */
function recordingLogger() {
  const lines: { level: number; msg?: string; err?: { code?: string } }[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const log = pino({ level: 'info', hooks: { logMethod: clientGoneAtInfo } }, sink);
  return { log, lines };
}

/** The error Node's stream helpers give when the other end closed first. */
async function prematureClose(): Promise<Error> {
  const stream = new Writable({ write: (_chunk, _encoding, done) => done() });
  const ended = finished(stream);
  stream.destroy();
  return ended.then(
    () => {
      throw new Error('the stream ended without an error');
    },
    (error: Error) => error,
  );
}

describe('a client gone away is not an error line', () => {
  it('recognises the premature close of a stream, and nothing else', async () => {
    expect(isClientGone(await prematureClose())).toBe(true);
    expect(isClientGone(new Error('Premature close'))).toBe(false);
    expect(isClientGone(Object.assign(new Error('reset'), { code: 'ECONNRESET' }))).toBe(false);
    expect(isClientGone('ERR_STREAM_PREMATURE_CLOSE')).toBe(false);
  });

  it('writes it at info, alone or as `err`, and keeps every other error at error', async () => {
    const { log, lines } = recordingLogger();
    const gone = await prematureClose();
    log.error(gone);
    log.error({ err: gone }, 'compression failed');
    log.error(new Error('the database is away'));
    log.error({ err: Object.assign(new Error('reset'), { code: 'ECONNRESET' }) }, 'vendor call failed');
    log.warn({ err: gone }, 'kept at its own level below error');
    log.flush();
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.map((line) => [line.level, line.msg])).toEqual([
      [30, 'the client closed the connection before the answer was complete'],
      [30, 'the client closed the connection before the answer was complete'],
      [50, 'the database is away'],
      [50, 'vendor call failed'],
      [40, 'kept at its own level below error'],
    ]);
    expect(lines[0]?.err?.code).toBe('ERR_STREAM_PREMATURE_CLOSE');
  });
});
