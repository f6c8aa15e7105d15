import { describe, expect, test } from 'vitest';
import { messages } from '../../src/messages.js';
import { idParamsSchema } from '../../src/schemas/common.js';
import { changePasswordFormSchema, resetUserPasswordFormSchema } from '../../src/schemas/users.js';

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

describe("the password forms: an administrator's password is at least 12 characters", () => {
  const pair = (password: string) => ({ password, confirmPassword: password });
  const messagesOf = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
    result.error?.issues.map((i) => i.message) ?? [];

  test('Reset User Password of an Admin: 11 characters are refused with the rule, 12 pass', () => {
    expect(messagesOf(resetUserPasswordFormSchema('Admin').safeParse(pair('a-b-c-d-e-f')))).toEqual([
      messages.adminPasswordMin,
    ]);
    expect(resetUserPasswordFormSchema('Admin').safeParse(pair('a-b-c-d-e-fg')).success).toBe(true);
  });

  test('Reset User Password of a User: the minimum of 6 stays', () => {
    expect(resetUserPasswordFormSchema('User').safeParse(pair('abcdef')).success).toBe(true);
    expect(messagesOf(resetUserPasswordFormSchema('User').safeParse(pair('abcde')))).toContain(messages.passwordMin);
  });

  test("Change Password (the portal's user is an administrator)", () => {
    const input = { oldPassword: 'whatever', newPassword: 'a-b-c-d-e-f' };
    expect(messagesOf(changePasswordFormSchema.safeParse(input))).toEqual([messages.adminPasswordMin]);
    expect(changePasswordFormSchema.safeParse({ ...input, newPassword: 'a-b-c-d-e-fg' }).success).toBe(true);
  });
});
