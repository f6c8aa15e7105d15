import { describe, expect, test } from 'vitest';
import * as contract from '../src/index.js';
import { messages } from '../src/messages.js';
import { z } from '../src/zod.js';

/** docs/behaviour.md §5 "Wrong types": every issue without a message of its own is said in words. */

const messagesOf = (schema: z.ZodType, input: unknown) =>
  (schema.safeParse(input).error?.issues ?? []).map((i) => i.message);

describe('readableIssue: the message of an issue whose schema has none', () => {
  test('a value of the wrong type names the field and what it takes; a missing one is required', () => {
    const schema = z.object({
      isActive: z.boolean(),
      amount: z.number(),
      coins: z.number().int(),
      name: z.string(),
      tags: z.array(z.string()),
      where: z.object({ lat: z.number() }),
    });
    expect(
      messagesOf(schema, { isActive: 'yes', amount: '100', coins: 2.5, name: 3, tags: 'a', where: { lat: 'x' } }),
    ).toEqual([
      'isActive must be true or false.',
      'amount must be a number.',
      'coins must be a whole number.',
      'name must be a text.',
      'tags must be an array.',
      'where.lat must be a number.',
    ]);
    expect(messagesOf(schema, {})).toEqual([
      'isActive is required.',
      'amount is required.',
      'coins is required.',
      'name is required.',
      'tags is required.',
      'where is required.',
    ]);
  });

  test('a choice, a union, bounds, an e-mail, an element of a list, an unknown key', () => {
    expect(messagesOf(z.object({ order: z.enum(['asc', 'desc']) }), { order: 'up' })).toEqual([
      'order must be asc or desc.',
    ]);
    expect(messagesOf(z.object({ v: z.union([z.string(), z.number()]) }), { v: true })).toEqual([
      'v must be a text or a number.',
    ]);
    const bounded = z.object({
      page: z.number().min(1).max(10),
      name: z.string().min(1).max(3),
      code: z.string().min(2),
      ids: z.array(z.number()).min(1).max(2),
    });
    expect(messagesOf(bounded, { page: 0, name: '', code: 'a', ids: [] })).toEqual([
      'page must be at least 1.',
      'name can not be empty.',
      'code must have at least 2 characters.',
      'ids must have at least 1 item.',
    ]);
    expect(messagesOf(bounded, { page: 11, name: 'abcd', code: 'ab', ids: [1, 2, 3] })).toEqual([
      'page must be at most 10.',
      'name can have at most 3 characters.',
      'ids can have at most 2 items.',
    ]);
    expect(messagesOf(z.object({ to: z.email() }), { to: 'nope' })).toEqual(['to must be an e-mail address.']);
    expect(
      messagesOf(z.object({ rows: z.array(z.object({ n: z.number() })) }), { rows: [{ n: 1 }, { n: '2' }] }),
    ).toEqual(['rows[1].n must be a number.']);
    expect(messagesOf(z.strictObject({ a: z.number() }), { a: 1, b: 2 })).toEqual(['b is not a field of this call.']);
    expect(messagesOf(z.object({ a: z.number().refine((n) => n > 1) }), { a: 1 })).toEqual(['a is not valid.']);
  });

  test("a form's number field whose text is no number (NaN) says the specification's message", () => {
    expect(messagesOf(z.object({ coins: z.number() }), { coins: NaN })).toEqual([messages.onlyNumbers]);
  });

  test("ifMissing: the schema's message for a field left out; a present value of another type is named", () => {
    const schema = z.object({ amount: z.number({ error: contract.ifMissing(messages.amountRequired) }) });
    expect(messagesOf(schema, {})).toEqual([messages.amountRequired]);
    expect(messagesOf(schema, { amount: null })).toEqual([messages.amountRequired]); // JSON's "no value"
    expect(messagesOf(schema, { amount: '100' })).toEqual(['amount must be a number.']);
  });
});

// Every schema of the contract, given values of every wrong type: no zod default text comes out.
// zod's own English texts: "Invalid input: expected number, received string", "Too small: ...",
// "Unrecognized key: ...", "Invalid email address" (no full stop, unlike every message of ours but the spec's).
const zodDefault =
  /^(Invalid (input|option|string|number|key|value|discriminator)|Too small|Too big|Unrecognized key)|: expected |^Invalid [\w ]+$/;
const junk: unknown[] = [undefined, null, true, 'x', '', -1, 1.5, NaN, [], [1], {}, { a: 1 }, 'x'.repeat(3000)];

function shapeOf(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  const def = (schema as unknown as { def: { type: string; in?: z.ZodType; innerType?: z.ZodType } }).def;
  if (schema instanceof z.ZodObject) return schema.shape;
  if (def.type === 'pipe' && def.in) return shapeOf(def.in);
  if (def.innerType) return shapeOf(def.innerType);
  return undefined;
}

const schemas = (Object.entries(contract) as Array<[string, unknown]>).filter(
  (entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType,
);

describe('no zod default text reaches anyone', () => {
  test('the contract has schemas to check', () => {
    expect(schemas.length).toBeGreaterThan(50);
  });

  test.each(schemas)('%s', (_name, schema) => {
    const seen: string[] = [];
    for (const value of junk) seen.push(...messagesOf(schema, value));
    const shape = shapeOf(schema);
    if (shape) {
      for (const value of junk) {
        const input = Object.fromEntries(Object.keys(shape).map((k) => [k, value]));
        seen.push(...messagesOf(schema, input));
      }
    }
    expect(seen.filter((m) => zodDefault.test(m))).toEqual([]);
  });
});
