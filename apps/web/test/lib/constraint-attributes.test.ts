import { createUserSchema, giftCardFormSchema, limits } from '@strideadmin/contract';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { constraintAttributes } from '../../src/lib/constraint-attributes';

describe('the input attributes a field rule implies (docs/behaviour.md §5)', () => {
  test("the user form's fields: required, lengths, the letters-only pattern, a number's minimum", () => {
    const a = constraintAttributes(createUserSchema);
    expect(a.name).toEqual({ required: true, maxLength: limits.nameMax, pattern: '[\\p{L}\\s]+' });
    expect(a.email).toEqual({ required: true, maxLength: limits.emailMax });
    // A number with a default: not required; at least 0.
    expect(a.height).toMatchObject({ min: 0 });
    expect(a.height?.required).toBeUndefined();
    expect(a.isTracking).toEqual({});
  });

  test("the gift card form's serial number and coin price", () => {
    const a = constraintAttributes(giftCardFormSchema);
    expect(a.serialNumber).toMatchObject({ required: true, maxLength: limits.giftCardTextMax.serialNumber });
    expect(a.coinPrice).toMatchObject({ required: true });
  });

  test('optional fields are not required; a pattern the browser could not compile is left out', () => {
    const a = constraintAttributes(
      z.object({
        note: z.string().max(20).optional(),
        code: z
          .string()
          .min(3)
          .regex(/^[a-z-_]+$/),
        pin: z.string().length(4),
        stars: z.number().int().min(1).max(5),
      }),
    );
    expect(a.note).toEqual({ maxLength: 20 });
    expect(a.code).toEqual({ required: true, minLength: 3 });
    expect(a.pin).toEqual({ required: true, minLength: 4, maxLength: 4 });
    expect(a.stars).toEqual({ required: true, min: 1, max: 5 });
  });
});
