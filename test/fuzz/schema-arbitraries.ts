import fc from 'fast-check';
import { z } from 'zod';
import { HOSTILE_STRINGS, HOSTILE_VALUES } from './corpus.js';

/**
 * fast-check arbitraries from a route's zod schema, read through its JSON Schema (`z.toJSONSchema`, the input
 * side): zod-fast-check stops at zod 3 and fast-check 3, and the JSON Schema is zod's public description of
 * a schema. Only the keywords zod writes for the schemas of this API are read; refinements JSON Schema cannot
 * say (the control-character check of text fields) are left to the generated strings to hit or miss.
 */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
}

export function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Generated strings stay short (the long ones are the corpus's and the near-valid cases'), with the edge. */
const LONGEST_GENERATED = 40;

/** Any text: mostly what people type, in any script, sometimes any code point at all. */
const anyText = (minLength: number, maxLength: number) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.string({ unit: 'grapheme', minLength, maxLength }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength, maxLength }) },
  );

function stringValue(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 10_000;
  const fits = (value: string) => value.length >= min && value.length <= max;
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'date-time') {
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((date) => date.toISOString());
  }
  if (schema.format === 'date') {
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10));
  }
  if (schema.pattern !== undefined) {
    return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
  }
  const short = anyText(min, Math.min(max, Math.max(min, LONGEST_GENERATED)));
  // The longest value the schema takes, once in a while: the edge the near-valid cases step over.
  return max > LONGEST_GENERATED
    ? fc.oneof({ weight: 9, arbitrary: short }, fc.constant('x'.repeat(max)))
    : short;
}

/**
 * Values of rows that exist, by property name (a ticket's `id`, a notice's `Notice_ID`): mixed into the
 * generated values of a property of that name, so that requests reach past "not found" into the code that
 * changes a row.
 */
export type KnownValues = Readonly<Record<string, readonly unknown[]>>;

/** Values the schema accepts (as far as JSON Schema says). */
export function validValue(schema: JsonSchema, known: KnownValues = {}): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((choice) => validValue(choice, known)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringValue(schema);
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1_000_000, Number.MIN_SAFE_INTEGER),
        max: Math.min(schema.maximum ?? 1_000_000, Number.MAX_SAFE_INTEGER),
      });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? validValue(schema.items) : fc.jsonValue({ maxDepth: 1 }), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 5, 5)),
      });
    case 'object':
      return objectValue(schema, known);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function objectValue(schema: JsonSchema, known: KnownValues = {}): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  if (Object.keys(properties).length === 0 && typeof schema.additionalProperties === 'object') {
    return fc.dictionary(
      fc.string({ minLength: 1, maxLength: 12 }),
      validValue(schema.additionalProperties),
      {
        maxKeys: 3,
      },
    );
  }
  return fc.record(
    Object.fromEntries(
      Object.entries(properties).map(([key, value]) => {
        const existing = known[key] ?? [];
        const generated = validValue(value, known);
        return [key, existing.length ? fc.oneof(generated, fc.constantFrom(...existing)) : generated];
      }),
    ),
    { requiredKeys: (schema.required ?? []).filter((key) => key in properties) },
  ) as fc.Arbitrary<Record<string, unknown>>;
}

/** Values of a wrong kind for the schema, or just past one of its bounds. */
export function wrongValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const edges: unknown[] = [];
  if (schema.maxLength !== undefined) edges.push('y'.repeat(schema.maxLength + 1));
  if (schema.minLength !== undefined && schema.minLength > 0) edges.push('y'.repeat(schema.minLength - 1));
  if (schema.maximum !== undefined) edges.push(schema.maximum + 1, String(schema.maximum + 1));
  if (schema.minimum !== undefined) edges.push(schema.minimum - 1, schema.minimum - 0.5);
  if (schema.maxItems !== undefined) edges.push(Array.from({ length: schema.maxItems + 1 }, () => 'x'));
  if (schema.enum || schema.const !== undefined) edges.push('not-one-of-them', 'P1 ', 'TRUE');
  if (type === 'integer' || type === 'number') edges.push(1.5, '7', 1e21, -0, Number.MAX_SAFE_INTEGER + 2);
  if (type === 'boolean') edges.push('true', 1, 0, 'false');
  if (type === 'array') edges.push({ 0: 'x' }, 'x', [[[]]]);
  if (type === 'object') edges.push([], 'x', 1);
  return fc.oneof(
    fc.constantFrom(...HOSTILE_VALUES, ...HOSTILE_STRINGS),
    ...(edges.length ? [fc.constantFrom(...edges)] : []),
  );
}

/**
 * Near-valid objects: a valid one with one thing wrong (a property of the wrong kind or past a bound, a
 * required property missing, a property the schema does not name).
 */
export function nearValidObject(schema: JsonSchema, known: KnownValues = {}): fc.Arbitrary<unknown> {
  const properties = Object.entries(schema.properties ?? {});
  const required = (schema.required ?? []).filter((key) => schema.properties?.[key]);
  const mutations: fc.Arbitrary<(value: Record<string, unknown>) => unknown>[] = [
    fc
      .tuple(fc.constantFrom('extra', 'constructor', 'toString', '__proto__', ''), wrongValue({}))
      .map(([key, extra]) => (value) => ({ ...value, [key]: extra })),
  ];
  if (properties.length > 0) {
    mutations.push(
      fc
        .constantFrom(...properties)
        .chain(([key, property]) => wrongValue(property).map((wrong) => [key, wrong] as const))
        .map(([key, wrong]) => (value) => ({ ...value, [key]: wrong })),
    );
  }
  if (required.length > 0) {
    mutations.push(
      fc
        .constantFrom(...required)
        .map((key) => (value) => Object.fromEntries(Object.entries(value).filter(([name]) => name !== key))),
    );
  }
  return fc.tuple(objectValue(schema, known), fc.oneof(...mutations)).map(([value, mutate]) => mutate(value));
}
