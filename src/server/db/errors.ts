/**
 * What a database error means for the request that met it. Drizzle wraps driver errors (`cause`), and the
 * drivers report PostgreSQL's SQLSTATE in `code`, so the chain is walked until a known code appears.
 */
export type DatabaseFailure =
  /** The value cannot be stored or compared as given (NUL in text, an integer out of range, year 0): the caller's input. */
  | 'invalid-input'
  /** The database did not answer in time or could not be reached: the service, not the caller. */
  | 'unavailable'
  /** The disk under the database (or the data folder) is full: nothing can be written until space is freed. */
  | 'disk-full';

/** Thrown when no connection (or PGlite's turn) could be had within the acquire timeout. */
export class DatabaseBusyError extends Error {
  readonly code = 'DB_ACQUIRE_TIMEOUT';
  constructor(waitedMs: number) {
    super(`no database connection became free within ${waitedMs} ms`);
    this.name = 'DatabaseBusyError';
  }
}

/**
 * SQLSTATEs of data exceptions that only a value from outside can cause: character not in repertoire (NUL),
 * numeric out of range, invalid text representation, datetime overflow and format, string too long.
 */
const INVALID_INPUT_CODES = new Set(['22021', '22003', '22P02', '22008', '22007', '22009', '22001']);
/**
 * Statement timeout or cancel, admin shutdown, crash, cannot connect now, too many connections, and the
 * node-postgres and OS errors of an unreachable or frozen server.
 */
const UNAVAILABLE_CODES = new Set([
  '57014',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08001',
  '08003',
  '08006',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'DB_ACQUIRE_TIMEOUT',
]);
/** node-postgres reports its own timeouts by message only. */
const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Query read timeout',
];

/** PostgreSQL's disk_full and the system's ENOSPC (PGlite's files, the data folder's uploads). */
const DISK_FULL_CODES = new Set(['53100', 'ENOSPC']);
/** What PostgreSQL says when a write cannot extend a file (the SQLSTATE differs between the paths that fail). */
const DISK_FULL_MESSAGES = ['No space left on device'];

/** The error and its causes, outermost first (Drizzle wraps the driver's error), at most five deep. */
function* errorChain(error: unknown): Generator<object> {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    yield current;
    current = 'cause' in current ? current.cause : undefined;
  }
}

export function classifyDatabaseError(error: unknown): DatabaseFailure | undefined {
  for (const current of errorChain(error)) {
    const code = 'code' in current ? current.code : undefined;
    if (typeof code === 'string') {
      if (DISK_FULL_CODES.has(code)) return 'disk-full';
      if (INVALID_INPUT_CODES.has(code)) return 'invalid-input';
      if (UNAVAILABLE_CODES.has(code)) return 'unavailable';
    }
    const message = 'message' in current ? current.message : undefined;
    if (typeof message === 'string' && DISK_FULL_MESSAGES.some((text) => message.includes(text))) {
      return 'disk-full';
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((text) => message.includes(text))) {
      return 'unavailable';
    }
  }
  return undefined;
}

/** Whether the statement broke this unique index or constraint (SQLSTATE 23505): a row like it exists already. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (const current of errorChain(error)) {
    if (!('code' in current) || current.code !== '23505') continue;
    const named = 'constraint' in current ? current.constraint : undefined;
    const message = 'message' in current ? current.message : undefined;
    return named === constraint || (typeof message === 'string' && message.includes(constraint));
  }
  return false;
}
