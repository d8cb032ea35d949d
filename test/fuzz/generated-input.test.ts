import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { policies } from '../../src/common/policies.js';
import { CROSS_SITE_MESSAGE } from '../../src/server/plugins/same-origin.js';
import { compareWithMatrix, MATRIX } from '../security/route-matrix.js';
import { callRoute, STATE_CHANGING, type RouteCall } from '../support/route-calls.js';
import {
  HOSTILE_STRINGS,
  HOSTILE_VALUES,
  MALFORMED_JSON,
  MALFORMED_QUERIES,
  TWENTY_DIGITS,
  WRONG_CONTENT_TYPES,
} from './corpus.js';
import { FUZZ_CORPUS_ALL, FUZZ_RUNS, FUZZ_SEED, useFuzzApp } from './fuzz-app.js';
import { expectNoProblems, pathOf, problemsOf, queryOf, type FuzzTarget } from './fuzz-targets.js';
import { nearValidObject, validValue, type JsonSchema } from './schema-arbitraries.js';

/**
 * Generated bad input against every route of the route table, called by a user the authorization matrix
 * allows (so that the input is read, not refused at the door): inputs generated from the route's zod schemas,
 * valid and near-valid, and a corpus of malformed input. Whatever comes in: no 5xx, every 4xx a JSON error,
 * and a refused request stores nothing (the row counts of every table before and after it).
 */
const fuzz = useFuzzApp();
/** The refusals of a caller without a session: its session ended, or an action's sentence for visitors. */
const SIGNED_OUT = [
  '"event":"logout"',
  ...Object.values(policies).map((policy) => JSON.stringify(policy.signedOut).slice(1, -1)),
];

/** Sends one call as the target's caller; answers the problems found, each naming the call. */
async function send(target: FuzzTarget, call: Omit<RouteCall, 'method'>): Promise<string[]> {
  await fuzz.written();
  const answer = await callRoute(fuzz.t.app, {
    ...call,
    method: target.method,
    headers: { ...fuzz.headers[target.role], ...call.headers },
  });
  const written = await fuzz.written();
  const problems = problemsOf(answer, written);
  // The caller is one the matrix allows, from the app's own origin: a refusal at the door means the input
  // was never read, and the run would prove nothing about it.
  if (target.role !== 'anonymous' && SIGNED_OUT.some((message) => answer.body.includes(message))) {
    problems.push('refused as signed out');
  }
  if (answer.body.includes(CROSS_SITE_MESSAGE)) problems.push('refused as cross-site');
  const payload = call.payload === undefined ? '' : ` ${String(call.payload).slice(0, 120)}`;
  const type = call.contentType === undefined ? '' : ` (${call.contentType})`;
  return problems.map((problem) => `${target.method} ${call.url.slice(0, 160)}${type}${payload}: ${problem}`);
}

const valueOrNearValid = (schema: JsonSchema) =>
  schema.type === 'object'
    ? fc.oneof(validValue(schema, fuzz.known), nearValidObject(schema, fuzz.known))
    : validValue(schema, fuzz.known);

/** One generated request of the target: each part it declares valid or near-valid, any JSON for the rest. */
function requestOf(target: FuzzTarget): fc.Arbitrary<Omit<RouteCall, 'method'>> {
  const writes = STATE_CHANGING.has(target.method);
  const loose = fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 20 }), { maxKeys: 2 });
  return fc
    .record({
      params: target.params ? validValue(target.params, fuzz.known) : fc.constant({}),
      query: target.querystring ? valueOrNearValid(target.querystring) : loose,
      body: target.body ? valueOrNearValid(target.body) : fc.jsonValue({ maxDepth: 2 }),
    })
    .map(({ params, query, body }) => ({
      url: pathOf(target, params as Record<string, unknown>) + queryOf(query),
      ...(writes ? { payload: JSON.stringify(body) ?? 'null' } : {}),
    }));
}

/** A valid object of the schema, the same every run: the base the corpus writes its values into. */
function baseOf(schema: JsonSchema | undefined): Record<string, unknown> {
  if (schema?.type !== 'object') return {};
  const [base] = fc.sample(validValue(schema), { numRuns: 1, seed: FUZZ_SEED });
  return base !== null && typeof base === 'object' ? (base as Record<string, unknown>) : {};
}

/**
 * The part of a corpus list one route gets: in `npm test` two of each kind, a different two for each route so
 * that the routes together send the whole corpus; with FUZZ_CORPUS=all, all of it to every route.
 */
function pick<T>(list: readonly T[], route: number): T[] {
  if (FUZZ_CORPUS_ALL || list.length <= 2) return [...list];
  const start = (route * 2) % list.length;
  return [list[start], list[(start + 1) % list.length]] as T[];
}

/** Corpus values written into the schema's properties in turn (each property at least once). */
function spread(schema: JsonSchema | undefined, values: readonly unknown[]): Record<string, unknown>[] {
  const names = Object.keys(schema?.properties ?? {});
  if (names.length === 0) return [];
  const base = baseOf(schema);
  const count = Math.max(values.length, names.length);
  return Array.from({ length: count }, (_, index) => ({
    ...base,
    [names[index % names.length] ?? '']: values[index % values.length],
  }));
}

/** The corpus's calls for the target, the `route`-th of the table. */
function corpusOf(target: FuzzTarget, route: number, bodyLimit: number): Omit<RouteCall, 'method'>[] {
  const url = pathOf(target);
  const strings = pick(HOSTILE_STRINGS, route);
  const calls: Omit<RouteCall, 'method'>[] = pick(MALFORMED_QUERIES, route).map((query) => ({
    url: `${url}?${query}`,
  }));
  for (const query of spread(target.querystring, strings)) calls.push({ url: url + queryOf(query) });
  for (const params of spread(target.params, strings)) calls.push({ url: pathOf(target, params) });
  if (!STATE_CHANGING.has(target.method)) return calls;

  const validUrl = url + queryOf(baseOf(target.querystring));
  const values = [...strings, ...pick(HOSTILE_VALUES, route)];
  const bodies = [
    ...pick(MALFORMED_JSON, route),
    ...values.map((value) => JSON.stringify(value)),
    ...spread(target.body, values).map((body) => JSON.stringify(body)),
    // A 20-digit number in each property of the body, written into the JSON text.
    ...Object.keys(target.body?.properties ?? {}).map((name) =>
      JSON.stringify({ ...baseOf(target.body), [name]: '@20@' }).replace('"@20@"', TWENTY_DIGITS),
    ),
    // Just past the body limit.
    JSON.stringify({ text: 'x'.repeat(bodyLimit) }),
  ];
  calls.push(...bodies.map((payload) => ({ url: validUrl, payload })));
  calls.push(
    ...pick(WRONG_CONTENT_TYPES, route).map(({ contentType, payload }) => ({
      url: validUrl,
      payload,
      contentType,
    })),
  );
  return calls;
}

const keys = Object.keys(MATRIX);

describe('generated bad input', () => {
  it('reaches every route the app registered', () => {
    // The routes below are the matrix's rows; the matrix names every registered route and no other.
    expect(compareWithMatrix(fuzz.t.app.routeTable, MATRIX)).toEqual({ unlisted: [], stale: [] });
    expect([...fuzz.targets.keys()].sort()).toEqual([...keys].sort());
  });

  it('sees a row written, whichever table it is in', async () => {
    await fuzz.written();
    await fuzz.t.database.db.execute(
      sql`insert into canned_replies (title, body) values ('watched', 'a row the watch must see')`,
    );
    expect(await fuzz.written()).toEqual({ 'canned_replies INSERT': 1 });
  });

  describe.each(keys.map((key, index) => ({ key, index })))('$key', ({ key, index }) => {
    const target = () => {
      const found = fuzz.targets.get(key);
      if (!found) throw new Error(`${key} is not in the route table`);
      return found;
    };

    it('answers input generated from its schemas, valid and near-valid', async () => {
      const route = target();
      await fc.assert(
        fc.asyncProperty(requestOf(route), async (call) => {
          expectNoProblems(await send(route, call));
        }),
        { seed: FUZZ_SEED + index, numRuns: FUZZ_RUNS },
      );
    });

    it('answers the corpus of malformed input', async () => {
      const route = target();
      const found: string[] = [];
      for (const call of corpusOf(route, index, fuzz.t.app.initialConfig.bodyLimit ?? 1_048_576)) {
        found.push(...(await send(route, call)));
      }
      expectNoProblems(found);
    });
  });
});
