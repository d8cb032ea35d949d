import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { problemsOf } from './fuzz-targets.js';
import { jsonSchemaOf, nearValidObject, validValue } from './schema-arbitraries.js';

/** The fuzz tests' own checks and generators: each can fail, and generates what it says. */
describe('the fuzz checks', () => {
  const json = 'application/json; charset=utf-8';
  const error = JSON.stringify({ error: 'Bad Request', message: 'body.title: Too big' });

  it('pass a JSON 4xx that wrote nothing, and any 2xx', () => {
    expect(problemsOf({ status: 400, type: json, body: error }, {})).toEqual([]);
    expect(problemsOf({ status: 201, type: json, body: '' }, { 'tickets INSERT': 1 })).toEqual([]);
  });

  it('fail a 5xx, a 4xx that is not a JSON error, and a refusal that wrote a row', () => {
    expect(problemsOf({ status: 500, type: json, body: error }, {})).toHaveLength(1);
    expect(problemsOf({ status: 400, type: 'text/html', body: '<p>bad</p>' }, {})).toHaveLength(1);
    expect(problemsOf({ status: 404, type: json, body: '{"oops":1}' }, {})).toHaveLength(1);
    expect(problemsOf({ status: 400, type: json, body: error }, { 'tickets INSERT': 1 })).toEqual([
      'a refused request (400) wrote rows: {"tickets INSERT":1}',
    ]);
  });
});

describe('the arbitraries of a zod schema', () => {
  const schema = z.object({
    title: z.string().min(1).max(120),
    priority: z.enum(['P1', 'P2', 'P3']),
    id: z.string().regex(/^\d{1,9}$/),
    count: z.number().int().min(1).max(25).optional(),
    assigneeId: z.string().max(100).nullable().optional(),
  });
  const json = jsonSchemaOf(schema);
  if (!json) throw new Error('no JSON Schema');

  it('generates valid values the schema accepts', () => {
    fc.assert(
      fc.property(validValue(json), (value) => {
        expect(schema.safeParse(value).success, JSON.stringify(value)).toBe(true);
      }),
      { seed: 1, numRuns: 200 },
    );
  });

  it('generates near-valid values, mostly refused', () => {
    const refused = fc
      .sample(nearValidObject(json), { seed: 1, numRuns: 200 })
      .filter((value) => !schema.safeParse(value).success).length;
    // An unknown property is let through (zod objects strip it); every other change is refused.
    expect(refused).toBeGreaterThan(100);
  });
});
