import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

export interface ShutDownOptions {
  app: FastifyInstance;
  database: { close(): Promise<void> };
  log: FastifyBaseLogger;
  /** How long in-flight requests get to finish before their connections are cut. */
  connectionsGraceMs: number;
}

/** How often connections left idle are closed while the server closes. */
const IDLE_REAP_INTERVAL_MS = 100;

/**
 * Graceful stop: stop accepting connections, let in-flight requests finish, then close the database. A
 * client that never finishes its request (a half-sent body, a stalled download) must not keep the database
 * open until the process is killed, which on PGlite would leave its files to be recovered at the next start:
 * after the grace period its connection is cut and the close goes on.
 */
export async function shutDown(options: ShutDownOptions): Promise<void> {
  const { app, log } = options;
  const closing = app.close();
  // The server closes the connections idle when the close starts; one whose last answer ends after that (a
  // live stream ended by the close, an answer sent with keep-alive just before) would stay open, idle, until
  // the grace period: close those as they become idle.
  const reaper = setInterval(() => app.server.closeIdleConnections(), IDLE_REAP_INTERVAL_MS);
  let timer: NodeJS.Timeout | undefined;
  const graceOver = new Promise<'grace over'>((resolve) => {
    timer = setTimeout(() => resolve('grace over'), options.connectionsGraceMs);
  });
  const first = await Promise.race([closing.then(() => 'closed' as const), graceOver]);
  clearTimeout(timer);
  clearInterval(reaper);
  if (first === 'grace over') {
    log.warn(
      { graceMs: options.connectionsGraceMs },
      'requests still open after the grace period: cutting them',
    );
    app.server.closeAllConnections();
    await closing;
  }
  await options.database.close();
}
