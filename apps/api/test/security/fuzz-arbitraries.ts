import fc from 'fast-check';
import { dateIn } from '../helpers/dates.js';

/**
 * Fuzzed requests derived from the server's own OpenAPI document (GET /api/docs/json, generated
 * from the routes' zod schemas): every call it lists, its body, query and path parameters as JSON
 * schemas. Two kinds of values come out of a schema:
 * - `validValue`: fits the JSON schema (and mostly the contract's finer rules: e-mails, dates, ids
 *   of rows that exist), filled with hostile but legal text, so a request reaches the handler and
 *   the database;
 * - `invalidValue`: breaks the JSON schema for sure (wrong type, out of range, too long, missing,
 *   null...), so the server must refuse the request before it does anything.
 */

// ---- The OpenAPI document, as far as the fuzzer reads it ----

export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

export interface Param {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

/** Whose token a call wants: none (public), an administrator's (portal) or an app user's (/api/app/*). */
export type Audience = 'public' | 'admin' | 'app';

export interface Operation {
  /** "POST /api/users/{id}" */
  name: string;
  method: string;
  /** The OpenAPI path template, `{id}` style. */
  path: string;
  pathParams: Param[];
  query: Param[];
  body?: JsonSchema;
  audience: Audience;
}

interface OpenApiParameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}
interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

const httpMethods = new Set(['get', 'put', 'post', 'delete', 'patch']);

/** Every call of the document. The mobile app's calls live under /api/app/ (docs/behaviour.md §10). */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!httpMethods.has(method)) continue;
      const params = (where: string) =>
        (op.parameters ?? [])
          .filter((p) => p.in === where)
          .map((p) => ({ name: p.name, required: p.required ?? false, schema: p.schema ?? {} }));
      const secured = (op.security ?? []).length > 0;
      ops.push({
        name: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParams: params('path'),
        query: params('query'),
        body: op.requestBody?.content?.['application/json']?.schema,
        audience: !secured ? 'public' : path.startsWith('/api/app/') ? 'app' : 'admin',
      });
    }
  }
  return ops;
}

// ---- Hostile text ----

export const sqlPayloads = [
  "' OR 1=1 --",
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  "admin'--",
  '1; SELECT pg_sleep(5)',
  "' UNION SELECT password_hash FROM users --",
  '%',
  '_',
  '\\',
  '%_%',
  '\\%',
  "\\'",
  '$$',
  "E'\\x00'",
];
export const scriptPayloads = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "javascript:alert('x')",
  "=cmd|' /C calc'!A0",
  "+SUM(1+1)*cmd|' /C calc'!A0",
  '@SUM(1+1)',
  '{{7*7}}',
  '${7*7}',
  '</textarea><svg onload=alert(1)>',
];
export const unicodePayloads = [
  '\u202Egnp.exe',
  'שלום עולם',
  'مرحبا بالعالم',
  '👨‍👩‍👧‍👦🎉',
  '\uD800',
  '\uDFFF',
  'a\u0000b',
  '\u0000',
  'Zoë Åsa',
  '\uFEFF',
  '\u200B',
  'İ ß ﬃ',
  '\r\n\t',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
];
export const hostileStrings = [...sqlPayloads, ...scriptPayloads, ...unicodePayloads];

/** Letters of several alphabets (the contract's `^[\p{L}\s]+$` names and currencies). */
const letterWords = ['Åsa', 'Zoë', 'Lind', 'שלום', 'مرحبا', 'Ωμέγα', 'Дмитрий', '李小龍', 'SEK', 'Euro', 'a'];

/** A run of `char` that no trimming shortens. */
export function filler(length: number, char = 'x'): string {
  return char.repeat(length);
}

/**
 * Text of `min` characters or far more (up to ~1 MB, inside the body limit): mostly just past
 * `min`, as the long ones cost the run a few milliseconds each.
 */
export function hugeText(min: number): fc.Arbitrary<string> {
  return fc
    .oneof(
      { arbitrary: fc.integer({ min, max: min + 100 }), weight: 12 },
      { arbitrary: fc.constantFrom(10_000, 100_000, 1_000_000), weight: 1 },
    )
    .map((n) => filler(Math.max(n, min), 'w'));
}

/** Text that fits min/max length (code units), hostile where room allows. */
function textWithin(min: number, max: number): fc.Arbitrary<string> {
  const fit = (s: string) => {
    let out = s.slice(0, max);
    if (out.length < min) out = out + filler(min - out.length, 'y');
    return out;
  };
  return fc
    .oneof(
      { arbitrary: fc.constantFrom(...hostileStrings), weight: 4 },
      { arbitrary: fc.string({ maxLength: 40, unit: 'binary' }), weight: 2 },
      { arbitrary: fc.string({ maxLength: 40, unit: 'grapheme' }), weight: 2 },
      { arbitrary: fc.string({ minLength: 1, maxLength: 40 }), weight: 3 },
      // Long, up to the limit (or a few kB when there is none).
      { arbitrary: fc.integer({ min: 0, max: Math.min(max, 5000) }).map((n) => filler(n, 'é')), weight: 1 },
    )
    .map(fit);
}

// ---- Dates ----

export const badDates = [
  '2024-02-30',
  '2023-02-29',
  '2024-13-01',
  '2024-00-10',
  '0000-00-00',
  '1899-12-31',
  '99999-01-01',
  'yesterday',
  'today',
  'tomorrow',
  '1/2/2024',
  '2024/01/02',
  '20240102',
  '2024-1-2',
  '2024-01-02T00:00:00',
  '2024-01-02T25:00:00Z',
  '2024-01-02T10:00:00+25:00',
  '2024-01-02 10:00',
  '1e309',
  'NaN',
  'Infinity',
  '-1',
  '',
  ' ',
];

/** A calendar day: mostly real ones around today (so requests pass), some that do not exist. */
const dayArb = fc.oneof(
  { arbitrary: fc.integer({ min: -40, max: 400 }).map((n) => dateIn(n)), weight: 4 },
  { arbitrary: fc.constantFrom(...badDates), weight: 2 },
);

/** A date and time: with and without an offset, real and not. */
const dateTimeArb = fc.oneof(
  {
    arbitrary: fc.integer({ min: 10, max: 60 * 24 * 90 }).map((m) => new Date(Date.now() + m * 60_000).toISOString()),
    weight: 3,
  },
  { arbitrary: fc.integer({ min: 1, max: 90 }).map((d) => `${dateIn(d)}T10:00`), weight: 1 },
  { arbitrary: fc.integer({ min: 1, max: 90 }).map((d) => `${dateIn(d)}T10:00:00+02:00`), weight: 1 },
  { arbitrary: fc.constantFrom(...badDates, '2024-01-01T00:00:00Z'), weight: 2 },
);

const emailArb = fc.oneof(
  { arbitrary: fc.nat().map((n) => `walker${n}@example.com`), weight: 3 },
  { arbitrary: fc.emailAddress(), weight: 1 },
  {
    arbitrary: fc.constantFrom(
      "o'brien@example.com",
      'a+tag@example.co',
      'ÅSA@EXAMPLE.COM',
      'admin@example.com',
      'x@x',
      'not-an-email',
      '@example.com',
      'a@b@c.com',
      "' OR 1=1 --@example.com",
      '<script>@example.com',
    ),
    weight: 2,
  },
);

// ---- Numbers written as JSON text (values JSON.stringify cannot make) ----

/** A JSON token written as is: 1e309 (Infinity once parsed), -0, 2**53+1. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON.stringify, but RawJson values go out as their text. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : toJsonText(v))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const parts = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`);
    return `{${parts.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

// ---- Context: ids of rows that exist, per resource ----

/** Ids the fuzzer may use as a field's or path's id: rows that exist (fixtures), and some that do not. */
export interface IdPools {
  /** The pool for a call's own resource (`updateId`, path `{id}`), by operation name. */
  forOperation(op: Operation): number[];
  /** Ids of app users (a notification's `userIds`). */
  users: number[];
  /** Ids of gift box configs (a manual box's `configId`). */
  configs: number[];
}

/** Ids that are valid numbers but of no row (the fixtures are far below). */
export const absentIds = [2_000_000_000, 2_147_483_647, 1_999_999_999];

function idArb(pool: number[]): fc.Arbitrary<number> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...(pool.length > 0 ? pool : absentIds)), weight: 3 },
    { arbitrary: fc.constantFrom(...absentIds), weight: 1 },
  );
}

// ---- Valid values ----

export interface Ctx {
  op: Operation;
  ids: IdPools;
}

function hintFor(name: string): 'email' | 'day' | 'datetime' | 'ownId' | 'userIds' | 'configId' | null {
  if (/email/i.test(name)) return 'email';
  if (/^(date|dob|validTill)$/.test(name)) return 'day';
  if (/(sendAt|expiresAt|At)$/.test(name)) return 'datetime';
  if (name === 'updateId') return 'ownId';
  if (name === 'userIds') return 'userIds';
  if (name === 'configId') return 'configId';
  return null;
}

/** The inclusive bounds of a number schema (whole numbers: the nearest whole ones inside). */
function bound(schema: JsonSchema, fallbackMin: number, fallbackMax: number) {
  const step = schema.type === 'integer' ? 1 : Number.EPSILON;
  let min = schema.minimum ?? fallbackMin;
  let max = schema.maximum ?? fallbackMax;
  if (schema.exclusiveMinimum === true) min += step;
  if (typeof schema.exclusiveMinimum === 'number') min = schema.exclusiveMinimum + step;
  if (schema.exclusiveMaximum === true) max -= step;
  if (typeof schema.exclusiveMaximum === 'number') max = schema.exclusiveMaximum - step;
  return { min, max };
}

/** Bounds to generate within: finite and safe. */
function safeBound(schema: JsonSchema, fallbackMin: number, fallbackMax: number) {
  const { min, max } = bound(schema, fallbackMin, fallbackMax);
  return { min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) };
}

const intEdges = (min: number, max: number) => [min, max, 0, 1, 2, 3, 4, 100].filter((n) => n >= min && n <= max);

/** A value the JSON schema accepts (and the finer rules, mostly), with hostile text where text goes. */
export function validValue(schema: JsonSchema, ctx: Ctx, name = ''): fc.Arbitrary<unknown> {
  const core = validCore(schema, ctx, name);
  return schema.nullable ? fc.oneof({ arbitrary: core, weight: 5 }, { arbitrary: fc.constant(null), weight: 1 }) : core;
}

function validCore(schema: JsonSchema, ctx: Ctx, name: string): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => validValue(s, ctx, name)));
  const hint = hintFor(name);
  switch (schema.type) {
    case 'string': {
      const min = schema.minLength ?? 0;
      const max = schema.maxLength ?? 10_000;
      if (hint === 'email') return emailArb;
      if (hint === 'day') return dayArb;
      if (hint === 'datetime') return dateTimeArb;
      if (schema.pattern?.includes('\\p{L}')) {
        return fc
          .array(fc.constantFrom(...letterWords), { minLength: 1, maxLength: 4 })
          .map((w) => w.join(' ').slice(0, max));
      }
      return textWithin(min, max);
    }
    case 'integer': {
      if (hint === 'ownId') return idArb(ctx.ids.forOperation(ctx.op));
      if (hint === 'configId') return idArb(ctx.ids.configs);
      const { min, max } = safeBound(schema, -1_000_000, 1_000_000);
      return fc.oneof(
        fc.integer({ min, max }),
        fc.constantFrom(...intEdges(min, max)),
        fc.integer({ min: Math.max(min, 0), max: Math.min(max, 10_000) }),
        // -0 and 1.0 are integers too, written as JSON can write them.
        ...(min <= 0 && max >= 0 ? [fc.constant(new RawJson('-0'))] : []),
        ...(min <= 1 && max >= 1 ? [fc.constant(new RawJson('1.0')), fc.constant(new RawJson('1e0'))] : []),
      );
    }
    case 'number': {
      const { min, max } = safeBound(schema, -1e6, 1e6);
      return fc.oneof(
        fc.double({ min, max, noNaN: true, noDefaultInfinity: true }),
        fc.constantFrom(...intEdges(min, max)),
        ...(min <= 0 && max >= 0 ? [fc.constant(new RawJson('-0')), fc.constant(new RawJson('0.000001'))] : []),
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const items = schema.items ?? {};
      const itemArb = hint === 'userIds' ? idArb(ctx.ids.users) : validValue(items, ctx, name);
      const minLength = schema.minItems ?? 0;
      return fc.array(itemArb, { minLength, maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 3, 3)) });
    }
    case 'object':
    default:
      if (!schema.properties) return fc.constant({});
      return objectOf(schema, ctx);
  }
}

function objectOf(schema: JsonSchema, ctx: Ctx): fc.Arbitrary<Record<string, unknown>> {
  const props = schema.properties ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, s] of Object.entries(props)) model[key] = validValue(s, ctx, key);
  return fc.record(model, { requiredKeys: schema.required ?? [] });
}

/** Keys a client might add to get more than it should (never the schema's own). */
const extraKeys = [
  'isAdmin',
  'role',
  'roleId',
  'id',
  'passwordHash',
  'password',
  'createdAt',
  'userId',
  'totalCoins',
  'x',
];

/** A valid body, sometimes with fields the schema does not know. */
export function validBody(schema: JsonSchema, ctx: Ctx): fc.Arbitrary<unknown> {
  const base = validValue(schema, ctx);
  if (schema.type !== 'object') return base;
  const known = new Set(Object.keys(schema.properties ?? {}));
  const extras = extraKeys.filter((k) => !known.has(k));
  return fc
    .tuple(
      base,
      fc.subarray(extras, { maxLength: 3 }),
      fc.constantFrom<unknown>(true, 'Admin', 1, null, "' OR 1=1 --", {}),
    )
    .map(([body, keys, value]) => {
      const out = { ...(body as Record<string, unknown>) };
      for (const k of keys) out[k] = value;
      return out;
    });
}

// ---- Invalid values (the JSON schema refuses each, so the contract does) ----

const otherTypes: Record<string, unknown[]> = {
  string: [0, 1, -1, 1.5, true, false, [], ['a'], {}, { a: 'b' }],
  integer: ['1', '0', 'abc', '', true, false, [], [1], {}, { a: 1 }],
  number: ['1', '1.5', 'abc', '', 'NaN', true, [], {}],
  boolean: ['true', 'false', 1, 0, 'yes', [], {}],
  array: ['a', 1, true, {}, { 0: 'a' }],
  object: ['a', 1, true, [], [{}]],
};

/** Numbers out of the bounds, not whole, or not finite (1e309 parses to Infinity). */
function numberBreakers(schema: JsonSchema): unknown[] {
  const { min, max } = bound(schema, -Infinity, Infinity);
  const out: unknown[] = [new RawJson('1e309'), new RawJson('-1e309')];
  if (Number.isFinite(min)) out.push(min - 1, min - 1_000_000, -1e308);
  if (Number.isFinite(max)) {
    out.push(max + 1, 1e308);
    if (max < 2 ** 53) out.push(new RawJson('9007199254740993'), 2 ** 53 + 2);
  }
  if (schema.type === 'integer') out.push(1.5, -0.5, 1e-7, new RawJson('1.0000001'));
  return out;
}

/** A value that `schema` refuses, whatever else the request holds. Null when none can be made. */
export function invalidValue(schema: JsonSchema, ctx: Ctx): fc.Arbitrary<unknown> | null {
  const options: fc.Arbitrary<unknown>[] = [];
  const nonNull = schema.nullable ? [] : [null];
  if (schema.enum) {
    const allowed = new Set(schema.enum);
    const wrong = [
      '',
      'x',
      'null',
      'ADMIN',
      'admin',
      'Desc',
      "' OR 1=1 --",
      '<script>alert(1)</script>',
      ...schema.enum.map((v) => `${String(v)} `),
    ];
    options.push(fc.constantFrom(...wrong.filter((v) => !allowed.has(v)), 1, true, [], {}, ...nonNull));
    return fc.oneof(...options);
  }
  if (schema.anyOf) {
    // Nothing every branch accepts: booleans, objects and arrays (none of ours takes those here).
    const types = new Set(schema.anyOf.map((s) => s.type));
    if (types.has('boolean') || types.has('object') || types.has('array')) return null;
    const over = schema.anyOf.every((s) => s.type !== 'string' || s.maxLength !== undefined);
    const maxLen = Math.max(...schema.anyOf.map((s) => s.maxLength ?? 0));
    options.push(fc.constantFrom<unknown>(true, false, [], ['a'], {}, { a: 1 }, ...nonNull));
    if (over && types.has('string')) {
      options.push(fc.constant(filler(maxLen + 1)), hugeText(maxLen + 1));
    }
    return fc.oneof(...options);
  }
  const type = schema.type ?? 'object';
  options.push(fc.constantFrom(...(otherTypes[type] ?? ['a']), ...nonNull));
  switch (type) {
    case 'string': {
      if (schema.maxLength !== undefined) {
        const over = schema.maxLength + 1;
        options.push(
          fc.constant(filler(over)),
          // Up to ~1 MB: inside the body limit, far past any field's.
          hugeText(over),
          // Framed by '#', so that no trimming brings it back under the limit (counted as zod counts: code points).
          fc.constantFrom(...hostileStrings).map((s) => `#${s}${filler(Math.max(1, over - [...s].length - 1), '#')}`),
        );
      }
      if ((schema.minLength ?? 0) > 0) options.push(fc.constant(''));
      if (schema.pattern?.includes('\\p{L}')) {
        options.push(
          fc.constantFrom('Åsa 1', "O'Brien", 'a-b', 'a.b', '<script>', 'x_y', 'Zoë!', '1234', '👍', 'a\u0000b'),
        );
      }
      return fc.oneof(...options);
    }
    case 'integer':
    case 'number':
      options.push(fc.constantFrom(...numberBreakers(schema)));
      return fc.oneof(...options);
    case 'boolean':
      return fc.oneof(...options);
    case 'array': {
      const items = schema.items ?? {};
      if ((schema.minItems ?? 0) > 0) options.push(fc.constant([]));
      if (schema.maxItems !== undefined && schema.maxItems <= 10_000) {
        const tooMany = new RawJson(`[${Array.from({ length: schema.maxItems + 1 }, () => '{}').join(',')}]`);
        options.push(fc.constant(tooMany));
      }
      const badItem = invalidValue(items, ctx);
      if (badItem) {
        options.push(
          fc.tuple(fc.array(validValue(items, ctx), { maxLength: 2 }), badItem).map(([good, bad]) => [...good, bad]),
        );
      }
      return fc.oneof(...options);
    }
    default: {
      // An object: one field missing, or one field broken (the rest valid).
      const required = schema.required ?? [];
      if (required.length > 0) {
        options.push(
          fc.tuple(objectOf(schema, ctx), fc.constantFrom(...required)).map(([obj, key]) => {
            const out: Record<string, unknown> = { ...obj };
            delete out[key];
            return out;
          }),
        );
      }
      const breakable = Object.entries(schema.properties ?? {})
        .map(([key, s]) => [key, invalidValue(s, ctx)] as const)
        .filter((e): e is readonly [string, fc.Arbitrary<unknown>] => e[1] !== null);
      if (breakable.length > 0) {
        options.push(
          fc.tuple(objectOf(schema, ctx), fc.constantFrom(...breakable.map((_, i) => i))).chain(([obj, i]) => {
            const [key, bad] = breakable[i]!;
            return bad.map((v) => ({ ...obj, [key]: v }));
          }),
        );
      }
      return fc.oneof(...options);
    }
  }
}

// ---- Query strings and path ids ----

/** What a query or path parameter accepts once coerced the way the contract does (z.coerce.number). */
export function paramAccepts(schema: JsonSchema, raw: string | string[]): boolean {
  if (Array.isArray(raw)) return false;
  if (schema.enum) return schema.enum.includes(raw);
  if (schema.type === 'integer' || schema.type === 'number') {
    const n = Number(raw);
    const { min, max } = bound(schema, -Infinity, Infinity);
    return Number.isFinite(n) && (schema.type !== 'integer' || Number.isSafeInteger(n)) && n >= min && n <= max;
  }
  if (schema.type === 'string') {
    const s = raw.trim();
    return (schema.maxLength === undefined || s.length <= schema.maxLength) && s.length >= (schema.minLength ?? 0);
  }
  return true;
}

const numericTexts = [
  '0',
  '-1',
  '1.5',
  'abc',
  '9999999999999',
  '2147483648',
  '1e309',
  'NaN',
  'Infinity',
  '-0',
  '',
  '0x',
  '١',
  '1,5',
  'null',
  '[]',
  "1' OR '1'='1",
  '1;DROP TABLE users',
  '<script>',
];

/** A query value this parameter refuses: wrong, out of range, too long, or given twice. */
export function invalidParam(schema: JsonSchema): fc.Arbitrary<string | string[]> | null {
  const repeated = validParam(schema).map((v) => [v, v]);
  const wrong: string[] = [];
  if (schema.enum)
    wrong.push('', 'x', 'ASC', 'Admin ', "' OR 1=1 --", '%', ...schema.enum.map((v) => String(v).toUpperCase() + 'x'));
  else if (schema.type === 'integer' || schema.type === 'number') wrong.push(...numericTexts);
  else if (schema.type === 'string' && schema.maxLength !== undefined) {
    wrong.push(filler(schema.maxLength + 1), filler(schema.maxLength + 1, '%'), filler(2_000, '\u202E'));
  }
  const refused = wrong.filter((w) => !paramAccepts(schema, w));
  return refused.length > 0 ? fc.oneof(fc.constantFrom(...refused), repeated) : repeated;
}

/** A query value this parameter accepts, hostile where it is text. */
export function validParam(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.enum) return fc.constantFrom(...schema.enum.map(String));
  if (schema.type === 'integer' || schema.type === 'number') {
    const { min, max } = safeBound(schema, -1000, 1000);
    return fc
      .oneof(
        fc.integer({ min, max: Math.min(max, min + 50) }).map(String),
        fc.constantFrom(String(min), String(max), ` ${min}`, `${min}.0`),
      )
      .filter((v) => paramAccepts(schema, v));
  }
  return textWithin(schema.minLength ?? 0, schema.maxLength ?? 300).filter((v) => paramAccepts(schema, v));
}

/** Path ids the contract refuses (already URL-encoded as they are sent). */
export const badPathIds = [
  '0',
  '-1',
  '1.5',
  'abc',
  '9999999999999',
  '2147483648',
  '%00',
  '1e309',
  'NaN',
  '-0',
  '0x',
  '%D9%A1',
  '1%2F2',
  '..%2F..%2Fetc%2Fpasswd',
  "1'%20OR%20'1'%3D'1",
  '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
  '%E2%80%AE1',
  'null',
  '%5B%5D',
  '1%3B%20DROP%20TABLE%20users',
].filter((raw) => {
  const n = Number(decodeURIComponent(raw));
  return !(Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647);
});

// ---- Bodies as sent ----

export const malformedJson = [
  '{',
  '}',
  '{"a":}',
  "{'a':1}",
  '[1,]',
  '{"a":1,}',
  '{"a":1}}',
  'NaN',
  'undefined',
  'nul',
  '"unterminated',
  '{"a":01}',
  '{"a":"\\x41"}',
  '\u0000',
  '{"a":1} trailing',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '',
];

/** Media types no JSON call takes (text/plain is parsed, as a string: no call takes a string either). */
export const wrongContentTypes = [
  'text/plain',
  'text/html',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'application/octet-stream',
  'image/png',
  'application/jsonx',
];

// ---- Whole requests ----

/**
 * encodeURIComponent, but a lone surrogate (which it refuses) goes out as the three bytes UTF-8
 * would give it (WTF-8): malformed on purpose, as a hostile client may send it.
 */
export function encodeText(s: string): string {
  let out = '';
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (cp >= 0xd800 && cp <= 0xdfff) {
      out += [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(ch);
  }
  return out;
}

/**
 * Who sends a request: the token the call wants (`proper`: an administrator's for admin calls, an
 * app user's for app calls, none for public ones), none, a malformed one, one with `alg: none`,
 * one signed with another key, or the other audience's (an app user's on an admin call and back).
 */
export type Sender = 'proper' | 'none' | 'garbage' | 'alg-none' | 'wrong-key' | 'other-audience';

export interface FuzzCase {
  op: Operation;
  sender: Sender;
  method: string;
  /** Path and query, URL-encoded as sent. */
  url: string;
  headers: Record<string, string>;
  payload?: string;
  /** What must make the server refuse this request (null: it may be accepted). */
  breaker: string | null;
}

interface Part<T> {
  value: T;
  breaker: string | null;
}

const ok = <T>(value: T): Part<T> => ({ value, breaker: null });

function isIdParam(p: Param): boolean {
  return p.schema.type === 'integer' || p.schema.type === 'number';
}

function pathArb(op: Operation, ctx: Ctx, broken: boolean): fc.Arbitrary<Part<string>> | null {
  const idParams = op.pathParams.filter(isIdParam);
  if (broken && idParams.length === 0) return null;
  const values = op.pathParams.map((p) => {
    if (isIdParam(p)) return idArb(ctx.ids.forOperation(op)).map(String);
    return fc.oneof(
      fc.constantFrom('gift_card_images', 'profile_Images', '..', '%2e%2e', 'x.png', '%00', '%E2%80%AE'),
      fc.uuid().map((u) => `${u}.png`),
      textWithin(1, 80).map(encodeText),
    );
  });
  const fill = (vals: string[]) => op.pathParams.reduce((path, p, i) => path.replace(`{${p.name}}`, vals[i]!), op.path);
  if (!broken) return fc.tuple(...values).map((vals) => ok(fill(vals)));
  return fc
    .tuple(
      fc.tuple(...values),
      fc.constantFrom(...idParams.map((p) => op.pathParams.indexOf(p))),
      fc.constantFrom(...badPathIds),
    )
    .map(([vals, i, bad]) => {
      const out = [...vals];
      out[i] = bad;
      return { value: fill(out), breaker: `path ${op.pathParams[i]!.name}=${bad}` };
    });
}

function encodeQuery(entries: Array<[string, string | string[]]>): string {
  const parts: string[] = [];
  for (const [k, v] of entries)
    for (const one of Array.isArray(v) ? v : [v]) parts.push(`${encodeText(k)}=${encodeText(one)}`);
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

/** Parameters nobody asked for, and array syntaxes the server does not read. */
const strayQuery = fc.constantFrom<Array<[string, string]>>(
  [],
  [],
  [['debug', '1']],
  [['__proto__', 'x']],
  [['sort[]', 'id']],
  [['page[gt]', '1']],
  [['where', "1=1 OR name LIKE '%'"]],
);

function queryArb(op: Operation, broken: boolean): fc.Arbitrary<Part<string>> | null {
  const validEntries = fc
    .tuple(
      ...op.query.map((p) =>
        p.required
          ? validParam(p.schema).map((v) => [p.name, v] as [string, string])
          : fc.option(
              validParam(p.schema).map((v) => [p.name, v] as [string, string]),
              { nil: undefined },
            ),
      ),
      strayQuery,
    )
    .map((parts) => {
      const stray = parts.pop() as Array<[string, string]>;
      return [...(parts as Array<[string, string] | undefined>).filter((e) => e !== undefined), ...stray];
    });
  if (!broken) return validEntries.map((entries) => ok(encodeQuery(entries)));
  const breakers = op.query.flatMap((p) => {
    const bad = invalidParam(p.schema);
    const out: fc.Arbitrary<{ name: string; value: string | string[] | undefined }>[] = [];
    // Only where the contract has a rule (the upload URL's parameters are bare strings).
    if (bad && (p.schema.enum || p.schema.type !== 'string' || p.schema.maxLength !== undefined || p.required)) {
      out.push(bad.map((value) => ({ name: p.name, value })));
    }
    if (p.required) out.push(fc.constant({ name: p.name, value: undefined }));
    return out;
  });
  if (breakers.length === 0) return null;
  return fc.tuple(validEntries, fc.oneof(...breakers)).map(([entries, bad]) => {
    const rest = entries.filter(([k]) => k !== bad.name);
    const all: Array<[string, string | string[]]> = bad.value === undefined ? rest : [...rest, [bad.name, bad.value]];
    const shown = Array.isArray(bad.value)
      ? `${bad.name} twice`
      : `${bad.name}=${(bad.value ?? '(missing)').slice(0, 40)}`;
    return { value: encodeQuery(all), breaker: `query ${shown}` };
  });
}

interface Body {
  payload?: string;
  contentType?: string;
}

/** The body limit of the test app (BODY_LIMIT_BYTES default): a body past it is refused unread. */
export const bodyLimitBytes = 1_048_576;

function bodyArb(op: Operation, ctx: Ctx, broken: boolean): fc.Arbitrary<Part<Body>> | null {
  const schema = op.body;
  if (!broken) {
    if (!schema) return fc.constant(ok({}));
    return fc
      .tuple(
        validBody(schema, ctx),
        fc.oneof(
          { arbitrary: fc.constant('application/json'), weight: 6 },
          fc.constantFrom(
            'application/json; charset=utf-8',
            'Application/JSON',
            'application/json; charset=utf-16',
            'application/json;charset=latin1',
          ),
        ),
      )
      .map(([body, contentType]) => ok({ payload: toJsonText(body), contentType }));
  }
  if (op.method === 'GET') return null;
  const json = (text: string, breaker: string): Part<Body> => ({
    value: { payload: text, contentType: 'application/json' },
    breaker,
  });
  // Weighted: breaking the schema is most of it (one field at a time), the rest a few each.
  const options: Array<{ arbitrary: fc.Arbitrary<Part<Body>>; weight: number }> = [
    {
      arbitrary: fc
        .constantFrom(...malformedJson.filter((t) => t !== ''))
        .map((t) => json(t, `malformed JSON ${t.slice(0, 20)}`)),
      weight: 3,
    },
    // Past the app's body limit (valid JSON): refused before it is read in full.
    { arbitrary: fc.constant(json(`{"x":"${filler(bodyLimitBytes + 50_000)}"}`, 'body over the limit')), weight: 1 },
  ];
  if (schema) {
    const bad = invalidValue(schema, ctx);
    if (bad) options.push({ arbitrary: bad.map((v) => json(toJsonText(v), 'body breaks its schema')), weight: 14 });
    options.push(
      { arbitrary: fc.constant(json('', 'empty JSON body')), weight: 1 },
      { arbitrary: fc.constant<Part<Body>>({ value: {}, breaker: 'no body' }), weight: 1 },
      {
        arbitrary: fc
          .tuple(validBody(schema, ctx), fc.constantFrom(...wrongContentTypes))
          .map(([body, contentType]) => ({
            value: { payload: toJsonText(body), contentType },
            breaker: `content type ${contentType}`,
          })),
        weight: 2,
      },
      {
        arbitrary: validBody(schema, ctx).map((body) => ({
          value: { payload: toJsonText(body) },
          breaker: 'no content type',
        })),
        weight: 1,
      },
      // Nesting deeper than any client would send (valid JSON, not an object).
      { arbitrary: fc.constant(json(`${'['.repeat(5000)}${']'.repeat(5000)}`, 'deeply nested array')), weight: 1 },
    );
  }
  return fc.oneof(...options);
}

function assemble(op: Operation, sender: Sender, path: Part<string>, query: Part<string>, body: Part<Body>): FuzzCase {
  const headers: Record<string, string> = {};
  if (body.value.contentType) headers['content-type'] = body.value.contentType;
  return {
    op,
    sender,
    method: op.method,
    url: path.value + query.value,
    headers,
    payload: body.value.payload,
    breaker: path.breaker ?? query.breaker ?? body.breaker,
  };
}

/** Requests the call may accept: valid parts, hostile text, ids of rows that exist and do not. */
export function acceptableRequest(op: Operation, ctx: Ctx): fc.Arbitrary<FuzzCase> {
  return fc
    .tuple(pathArb(op, ctx, false)!, queryArb(op, false)!, bodyArb(op, ctx, false)!)
    .map(([path, query, body]) => assemble(op, 'proper', path, query, body));
}

/** Requests the call must refuse, by its proper sender: one part broken, the others valid. Null when no part can break. */
export function refusedRequest(op: Operation, ctx: Ctx): fc.Arbitrary<FuzzCase> | null {
  const valid = {
    path: pathArb(op, ctx, false)!,
    query: queryArb(op, false)!,
    body: bodyArb(op, ctx, false)!,
  };
  const variants: fc.Arbitrary<FuzzCase>[] = [];
  const brokenPath = pathArb(op, ctx, true);
  const brokenQuery = queryArb(op, true);
  const brokenBody = bodyArb(op, ctx, true);
  if (brokenPath)
    variants.push(fc.tuple(brokenPath, valid.query, valid.body).map(([p, q, b]) => assemble(op, 'proper', p, q, b)));
  if (brokenQuery)
    variants.push(fc.tuple(valid.path, brokenQuery, valid.body).map(([p, q, b]) => assemble(op, 'proper', p, q, b)));
  if (brokenBody)
    variants.push(fc.tuple(valid.path, valid.query, brokenBody).map(([p, q, b]) => assemble(op, 'proper', p, q, b)));
  return variants.length > 0 ? fc.oneof(...variants) : null;
}

/** Requests to a call that wants a token, without the right one: valid or not otherwise. */
export function unauthorisedRequest(op: Operation, ctx: Ctx): fc.Arbitrary<FuzzCase> {
  const senders: Sender[] = ['none', 'garbage', 'alg-none', 'wrong-key', 'other-audience'];
  const refused = refusedRequest(op, ctx);
  return fc
    .tuple(
      refused ? fc.oneof(acceptableRequest(op, ctx), refused) : acceptableRequest(op, ctx),
      fc.constantFrom(...senders),
    )
    .map(([c, sender]) => ({ ...c, sender, breaker: `sender ${sender}` }));
}
