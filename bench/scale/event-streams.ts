/**
 * Many open live-event streams held cheaply: each one a raw HTTP/1.1 request on a socket of its own (the
 * session cookie in its headers), its chunks scanned for `event:` lines, no parser of the events' data. Each
 * stream records when it saw its first `ready` and every `notice` event, on this process's clock.
 */
import { connect, type Socket } from 'node:net';

export interface HeldStream {
  socket: Socket;
  ready: Promise<void>;
  /** performance.now() of each `event: notice` seen, in order. */
  notices: number[];
}

export function openStream(baseUrl: string, path: string, cookie: string): HeldStream {
  const url = new URL(baseUrl);
  const socket = connect({ host: url.hostname, port: Number(url.port) });
  socket.setNoDelay(true);
  const notices: number[] = [];
  const ready = new Promise<void>((resolve, reject) => {
    let status: string | undefined;
    socket.on('data', (chunk: Buffer) => {
      const text = chunk.toString('latin1');
      if (status === undefined) {
        status = text.slice(9, 12);
        if (status !== '200') {
          reject(new Error(`the stream answered ${status}: ${text.slice(0, 300)}`));
          socket.destroy();
          return;
        }
      }
      if (text.includes('event: ready')) resolve();
      let at = text.indexOf('event: notice');
      while (at !== -1) {
        notices.push(performance.now());
        at = text.indexOf('event: notice', at + 1);
      }
    });
    socket.on('error', reject);
    socket.on('close', () => reject(new Error('the stream closed before it was ready')));
  });
  // Handled later by whoever awaits it; a rejection must not be unhandled in between.
  ready.catch(() => undefined);
  socket.write(
    `GET ${path} HTTP/1.1\r\nHost: ${url.host}\r\nAccept: text/event-stream\r\nCookie: ${cookie}\r\n` +
      'Connection: keep-alive\r\n\r\n',
  );
  return { socket, ready, notices };
}
