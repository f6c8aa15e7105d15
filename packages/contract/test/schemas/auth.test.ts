import { describe, expect, test } from 'vitest';
import type { z } from 'zod';
import { loginSchema, sessionUserSchema, storedSessionSchema, type SessionUser } from '../../src/schemas/auth.js';

/** The message shown under each field, as the login form (and the server) report it. */
function fieldErrors(result: z.ZodSafeParseResult<unknown>): Record<string, string[]> {
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '(root)';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

const user: SessionUser = {
  id: 1,
  name: 'Ada Admin',
  email: 'ada@example.com',
  dob: null,
  height: null,
  weight: null,
  gender: null,
  totalCoins: 0,
  dailyFSGoal: 0,
  isActive: true,
  isTracking: false,
  profilePic: null,
  emailVerified: true,
  createdAt: '2024-01-02T03:04:05.000Z',
  roleName: 'Admin',
};

describe('loginSchema', () => {
  test.each([
    ['empty', { email: '', password: 'secret' }],
    ['blank', { email: '   ', password: 'secret' }],
    ['missing', { password: 'secret' }],
  ])('email %s: "Email is required"', (_case, input) => {
    expect(fieldErrors(loginSchema.safeParse(input))).toEqual({ email: ['Email is required'] });
  });

  test('an email that is there but not a text is not "required": it is named with what it takes', () => {
    expect(fieldErrors(loginSchema.safeParse({ email: 42, password: 'secret' }))).toEqual({
      email: ['email must be a text.'],
    });
  });

  test.each(['nope', 'ada@', '@example.com', 'ada example.com', `${'a'.repeat(250)}@example.com`])(
    'email %j: "Please enter valid email"',
    (email) => {
      expect(fieldErrors(loginSchema.safeParse({ email, password: 'secret' }))).toEqual({
        email: ['Please enter valid email'],
      });
    },
  );

  test.each([
    ['empty', { email: 'ada@example.com', password: '' }],
    ['missing', { email: 'ada@example.com' }],
  ])('password %s: "Password is required"', (_case, input) => {
    expect(fieldErrors(loginSchema.safeParse(input))).toEqual({ password: ['Password is required'] });
  });

  test('both empty: one message per field', () => {
    expect(fieldErrors(loginSchema.safeParse({ email: '', password: '' }))).toEqual({
      email: ['Email is required'],
      password: ['Password is required'],
    });
  });

  test('trims the email, keeps the password as typed and strips unknown keys', () => {
    const parsed = loginSchema.parse({
      email: '  ada@example.com  ',
      password: ' with spaces ',
      adminPortal: true,
      isAdmin: true,
      roleName: 'Admin',
    });
    expect(parsed).toEqual({ email: 'ada@example.com', password: ' with spaces ', adminPortal: true });
    expect(parsed).not.toHaveProperty('isAdmin');
  });
});

describe('storedSessionSchema', () => {
  test('accepts what the portal stores at sign-in', () => {
    expect(storedSessionSchema.parse({ user, token: 'jwt' })).toEqual({ user, token: 'jwt' });
  });

  test.each<[string, unknown]>([
    ['null', null],
    ['a string', 'signed in'],
    ['no token', { user }],
    ['an empty token', { user, token: '' }],
    ['no user', { token: 'jwt' }],
    ['a user without roleName', { user: { ...user, roleName: undefined }, token: 'jwt' }],
    ['an unknown role', { user: { ...user, roleName: 'Owner' }, token: 'jwt' }],
    ['a string id', { user: { ...user, id: '1' }, token: 'jwt' }],
    ['a fractional id', { user: { ...user, id: 1.5 }, token: 'jwt' }],
    ['isActive as a string', { user: { ...user, isActive: 'true' }, token: 'jwt' }],
  ])('rejects %s', (_case, value) => {
    expect(storedSessionSchema.safeParse(value).success).toBe(false);
  });

  test('the session user keeps only the fields of docs/behaviour.md §3 (a stored password would be dropped)', () => {
    const parsed = sessionUserSchema.parse({ ...user, password: 'hash' });
    expect(parsed).not.toHaveProperty('password');
  });
});
