import { vi } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.js';

/** The SQL text of a driver call: PGlite takes the string, node-postgres a string or a `{ text }` config. */
function textOf(first: unknown): string {
  if (typeof first === 'string') return first;
  if (typeof first === 'object' && first !== null && 'text' in first && typeof first.text === 'string') {
    return first.text;
  }
  return String(first);
}

/**
 * Records the statements sent through the database's driver (PGlite's `query`, or the PostgreSQL pool's)
 * while `run` runs, the calls passed through unchanged: what a test asserts about which SQL ran.
 */
export async function statementsDuring<T>(
  handle: DatabaseHandle,
  run: () => Promise<T>,
): Promise<{ result: T; statements: string[] }> {
  const spy = handle.driver === 'pglite' ? vi.spyOn(handle.client, 'query') : vi.spyOn(handle.pool, 'query');
  try {
    const result = await run();
    return { result, statements: spy.mock.calls.map((call: unknown[]) => textOf(call[0])) };
  } finally {
    spy.mockRestore();
  }
}

/** The statements that count rows. */
export const countStatements = (statements: string[]): string[] =>
  statements.filter((statement) => /\bcount\s*\(/i.test(statement));
