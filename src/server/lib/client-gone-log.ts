import type { LogFn, Logger } from 'pino';

/** pino's numeric level of `error`. */
const ERROR = 50;

/**
 * Whether an error only says that the client went away before the answer was complete: a closed tab, a
 * navigation, a live stream given up. Node names it `ERR_STREAM_PREMATURE_CLOSE`.
 */
export function isClientGone(value: unknown): boolean {
  return (
    value instanceof Error &&
    'code' in value &&
    (value as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE'
  );
}

/**
 * pino's `hooks.logMethod`: an error line whose error is only a client gone away is written at `info`. The
 * response compression (@fastify/compress) logs every failure of its stream at `error`, a browser's aborted
 * request included, so that a log alert on errors fired for every page a user left before it had arrived.
 */
export function clientGoneAtInfo(this: Logger, args: Parameters<LogFn>, method: LogFn, level: number): void {
  const [first] = args;
  const error =
    first !== null && typeof first === 'object' && 'err' in first ? (first as { err: unknown }).err : first;
  if (level === ERROR && isClientGone(error)) {
    this.info({ err: error }, 'the client closed the connection before the answer was complete');
    return;
  }
  method.apply(this, args);
}
