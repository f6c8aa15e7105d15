import { describe, expect, test } from 'vitest';
import { idParamsSchema } from '../../src/schemas/users.js';

describe('idParamsSchema', () => {
  test.each([
    ['12', 12],
    ['1', 1],
    ['2147483647', 2_147_483_647],
  ])('coerces the path parameter %j to the number %d', (id, expected) => {
    expect(idParamsSchema.parse({ id })).toEqual({ id: expected });
  });

  test.each(['0', '-1', 'abc', '1.5', '2147483648', '99999999999999999999', '1e400', '', 'NaN', 'Infinity'])(
    'refuses %j with "The id must be a number."',
    (id) => {
      const result = idParamsSchema.safeParse({ id });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toContain('The id must be a number.');
    },
  );

  test('refuses a missing id', () => {
    expect(idParamsSchema.safeParse({}).success).toBe(false);
  });
});
