import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { apiErrorSchema } from '../../src/common/contracts/api-error.js';
import { executeRows, type Database } from '../../src/server/db/client.js';
import type { RouteEntry } from '../../src/server/plugins/route-table.js';
import { MATRIX, routeKey, sampleUrl, type MatrixRole } from '../security/route-matrix.js';
import { jsonSchemaOf, type JsonSchema } from './schema-arbitraries.js';

/** What the fuzz tests need of one route of the route table. */
export interface FuzzTarget {
  key: string;
  method: string;
  url: string;
  /** Who calls it: a role the matrix allows, so the input is really read. */
  role: MatrixRole;
  body?: JsonSchema;
  querystring?: JsonSchema;
  params?: JsonSchema;
}

/**
 * Visitors for public routes, customers for customers' routes, and the admin (allowed everything else) for
 * the rest: the caller with the most ways into a route.
 */
function callerFor(key: string): MatrixRole {
  const access = MATRIX[key];
  if (access === undefined) throw new Error(`${key} has no row in test/security/route-matrix.ts`);
  if (access === 'public') return 'anonymous';
  if (access === 'customer') return 'customer';
  return 'admin';
}

export function fuzzTargets(routes: readonly RouteEntry[]): FuzzTarget[] {
  return routes.map((route) => {
    const key = routeKey(route);
    const body = jsonSchemaOf(route.schema?.body);
    const querystring = jsonSchemaOf(route.schema?.querystring);
    const params = jsonSchemaOf(route.schema?.params);
    return {
      key,
      method: route.method,
      url: route.url,
      role: callerFor(key),
      ...(body ? { body } : {}),
      ...(querystring ? { querystring } : {}),
      ...(params ? { params } : {}),
    };
  });
}

/** Percent-encoding that also writes what `encodeURIComponent` refuses (a lone surrogate) as bytes of bad UTF-8. */
export function encodePart(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  try {
    return encodeURIComponent(text);
  } catch {
    return text
      .split('')
      .map((unit) => {
        try {
          return encodeURIComponent(unit);
        } catch {
          return '%ED%A0%80';
        }
      })
      .join('');
  }
}

/** The route's path with the given parameter values; a parameter without one gets the matrix's sample. */
export function pathOf(target: FuzzTarget, params: Record<string, unknown> = {}): string {
  const filled = target.url.replace(/:([A-Za-z]+)/g, (whole, name: string) =>
    name in params ? encodePart(params[name]) : whole,
  );
  return sampleUrl(filled);
}

/** A query string of the object's entries (values as text, as a form or `URLSearchParams` would send them). */
export function queryOf(query: unknown): string {
  if (query === null || typeof query !== 'object' || Array.isArray(query)) return '';
  const parts = Object.entries(query as Record<string, unknown>).map(
    ([name, value]) => `${encodePart(name)}=${encodePart(value)}`,
  );
  return parts.length ? `?${parts.join('&')}` : '';
}

/**
 * Tables a refused request writes on purpose: the rate-limit counters count every attempt, refused or not
 * (else a flood of bad requests would be free); sessions are the callers' own (each request marks its
 * session seen); the signing key of the built-in store is made once, by whichever request needs it first.
 */
const BOOKKEEPING_TABLES = new Set(['rate_limit_counters', 'sessions', 'storage_signing_keys']);

/** The rows written since the last call, by table and operation (`tickets INSERT`: 1). */
export type RowChanges = () => Promise<Record<string, number>>;

/**
 * Watches every table of the app's schema (but the bookkeeping ones) with a row trigger that notes each
 * insert, update and delete in a table of its own, so that one small query after a request says whether it
 * wrote anything, where counting every table twice a request would cost more than the requests.
 */
export async function watchRowChanges(db: Database): Promise<RowChanges> {
  const rows = await executeRows<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  const tables = rows.map((row) => row.table_name).filter((name) => !BOOKKEEPING_TABLES.has(name));
  await db.execute(
    sql.raw('create table fuzz_row_changes (table_name text not null, operation text not null)'),
  );
  await db.execute(
    sql.raw(`create function fuzz_note_row_change() returns trigger language plpgsql as $$
      begin
        insert into fuzz_row_changes values (tg_table_name, tg_op);
        return null;
      end $$`),
  );
  for (const name of tables) {
    // The names come from the catalogue, quoted as identifiers.
    const table = `"${name.replaceAll('"', '""')}"`;
    await db.execute(
      sql.raw(`create trigger fuzz_row_change after insert or update or delete on ${table}
               for each row execute function fuzz_note_row_change()`),
    );
  }
  return async () => {
    const rows = await executeRows<{ table_name: string; operation: string; n: number }>(
      db,
      sql.raw(`with taken as (delete from fuzz_row_changes returning table_name, operation)
               select table_name, operation, count(*)::int as n from taken group by 1, 2`),
    );
    return Object.fromEntries(rows.map((row) => [`${row.table_name} ${row.operation}`, row.n]));
  };
}

export interface Answer {
  status: number;
  type: string;
  body: string;
}

/**
 * What every answer to any input must be: no 5xx; a 4xx with a JSON error body; and a refused request stores
 * nothing. Returns the problems, empty when there are none.
 */
export function problemsOf(answer: Answer, written: Record<string, number>): string[] {
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`answered ${answer.status}: ${answer.body.slice(0, 300)}`);
  if (answer.status >= 400 && answer.status < 500) {
    if (!/^application\/json/.test(answer.type)) {
      problems.push(`a ${answer.status} of ${answer.type}: ${answer.body.slice(0, 300)}`);
    } else {
      let parsed: unknown;
      try {
        parsed = JSON.parse(answer.body);
      } catch {
        parsed = undefined;
      }
      if (!apiErrorSchema.safeParse(parsed).success) {
        problems.push(`a ${answer.status} whose body is no API error: ${answer.body.slice(0, 300)}`);
      }
    }
  }
  if (answer.status >= 400) {
    if (Object.keys(written).length > 0) {
      problems.push(`a refused request (${answer.status}) wrote rows: ${JSON.stringify(written)}`);
    }
  }
  return problems;
}

/** Fails with every problem found, each with the request that caused it. */
export function expectNoProblems(found: readonly string[]): void {
  expect(found, found.slice(0, 20).join('\n')).toEqual([]);
}
