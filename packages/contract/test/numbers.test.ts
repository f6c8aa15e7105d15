import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { bulkRowErrors, type BulkRowFields } from '../src/bulk-gift-cards.js';
import { messages } from '../src/messages.js';
import { groupThousands, readNumberText } from '../src/number-text.js';
import { validBulkRow } from './support/bulk-row.js';
import { appNearbyBoxesQuerySchema, adjustCoinsSchema } from '../src/schemas/app-catalogue.js';
import { idParamsSchema } from '../src/schemas/common.js';
import { createGiftBoxConfigSchema, createManualGiftBoxSchema } from '../src/schemas/gift-boxes.js';
import { giftCardFormSchema } from '../src/schemas/gift-cards.js';
import { createQuizSchema } from '../src/schemas/quiz.js';
import {
  createUserFormSchema,
  listUsersQuerySchema,
  profileFormSchema,
  updateUserSchema,
} from '../src/schemas/users.js';

/** docs/behaviour.md §5 "Numbers": digits only, in every number field, cell and query string. */

const exotic = [
  '1e5',
  '1E5',
  '0x10',
  '0b1',
  'Infinity',
  '-Infinity',
  'NaN',
  '12abc',
  '+5',
  '1,5',
  '1 000',
  '5.',
  '--1',
];

describe('readNumberText: how a number is written', () => {
  test.each([
    ['0', 0],
    ['12', 12],
    [' 12 ', 12],
    ['007', 7],
    ['1.5', 1.5],
    ['.5', 0.5],
    ['-3', -3],
    ['-0.25', -0.25],
  ])('%j is %d', (text, n) => {
    expect(readNumberText(text)).toBe(n);
  });

  test.each(exotic)('%j is no number (NaN), whatever Number() makes of it', (text) => {
    expect(readNumberText(text)).toBeNaN();
  });

  test.each(['', '   ', '\t'])('%j is empty (undefined)', (text) => {
    expect(readNumberText(text)).toBeUndefined();
  });
});

const errorsOf = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('a form number field left empty is required, with its own message (never "Only numbers...")', () => {
  const quiz = {
    question: 'How far is a mile?',
    option1: 'a',
    option2: 'b',
    option3: 'c',
    option4: 'd',
    correctOption: 1,
    language: 'en',
  };
  test('quiz Coins', () => {
    expect(errorsOf(createQuizSchema.safeParse({ ...quiz, coins: undefined }))).toEqual({
      coins: messages.coinsRequired,
    });
    expect(errorsOf(createQuizSchema.safeParse({ ...quiz, coins: NaN }))).toEqual({ coins: messages.onlyNumbers });
    expect(errorsOf(createQuizSchema.safeParse({ ...quiz, coins: 1.5 }))).toEqual({ coins: messages.integerOnly });
  });

  test('gift card Coin Price, Amount, Expiry Duration', () => {
    expect(
      errorsOf(
        giftCardFormSchema.safeParse({
          serialNumber: 'S',
          controlCode: 'C',
          currency: 'SEK',
          storeName: 'n',
          storeAddress: 'a',
          cardPicture: 'p',
          validTill: '2999-01-01',
        }),
      ),
    ).toEqual({
      coinPrice: messages.coinPriceRequired,
      amount: messages.amountRequired,
      expiryDuration: messages.expiryDurationRequired,
    });
  });

  test('gift box config numbers, a placed box', () => {
    expect(errorsOf(createGiftBoxConfigSchema.safeParse({ type: 'Gold' }))).toEqual({
      minCoins: messages.minCoinsRequired,
      maxCoins: messages.maxCoinsRequired,
      stepsToUnlock: messages.stepsToUnlockRequired,
      boxesPerDay: messages.boxesPerDayRequired,
    });
    expect(errorsOf(createManualGiftBoxSchema.safeParse({ configId: 1, expiresAt: '2999-01-01T00:00:00Z' }))).toEqual({
      latitude: messages.locationRequired,
      longitude: messages.locationRequired,
      coins: messages.coinsRequired,
    });
  });

  test("a person's Height, Weight, Total Coins and Daily Foot-Step Goal, in each of its forms", () => {
    const person = { name: 'Ada', email: 'ada@example.com' };
    const empty = { height: undefined, weight: undefined, totalCoins: undefined, dailyFSGoal: undefined };
    const required = {
      height: messages.heightRequired,
      weight: messages.weightRequired,
      totalCoins: messages.totalCoinsRequired,
      dailyFSGoal: messages.dailyFSGoalRequired,
    };
    expect(errorsOf(createUserFormSchema.safeParse({ ...person, ...empty }))).toEqual(required);
    expect(errorsOf(profileFormSchema.safeParse({ updateId: 1, name: 'Ada', ...empty }))).toEqual(required);
    const update = { updateId: 1, name: 'Ada', gender: null, isActive: true, isTracking: false, role: 'User' };
    expect(errorsOf(updateUserSchema.safeParse({ ...update, ...empty }))).toEqual(required);
    expect(
      errorsOf(updateUserSchema.safeParse({ ...update, height: NaN, weight: 1, totalCoins: 1, dailyFSGoal: 1 })),
    ).toEqual({
      height: messages.onlyNumbers,
    });
  });

  test('the coins adjustment: empty says what to enter; a negative whole number is a number', () => {
    expect(errorsOf(adjustCoinsSchema.safeParse({ reason: 'r' }))).toEqual({
      amount: messages.coinAdjustAmountRequired,
    });
    expect(errorsOf(adjustCoinsSchema.safeParse({ amount: NaN, reason: 'r' }))).toEqual({
      amount: messages.onlyNumbers,
    });
    expect(adjustCoinsSchema.parse({ amount: readNumberText('-25'), reason: 'r' }).amount).toBe(-25);
  });
});

describe('numbers in a query string or a path: digits only', () => {
  test.each(exotic)('page %j is refused: "page must be a number."', (page) => {
    expect(errorsOf(listUsersQuerySchema.safeParse({ page }))).toEqual({ page: 'page must be a number.' });
  });

  test('page 2 or " 3 "; left out, the first page; empty, no number', () => {
    expect(listUsersQuerySchema.parse({ page: '2' }).page).toBe(2);
    expect(listUsersQuerySchema.parse({ page: ' 3 ' }).page).toBe(3);
    expect(listUsersQuerySchema.parse({}).page).toBe(1);
    expect(errorsOf(listUsersQuerySchema.safeParse({ page: '' }))).toEqual({ page: 'page must be a number.' });
    expect(errorsOf(listUsersQuerySchema.safeParse({ page: '0' }))).toEqual({ page: 'page must be at least 1.' });
    expect(errorsOf(listUsersQuerySchema.safeParse({ page: '1.5' }))).toEqual({ page: 'page must be a whole number.' });
  });

  test.each(['1e3', '0x10', '12abc'])('an id %j is no id', (id) => {
    expect(errorsOf(idParamsSchema.safeParse({ id }))).toEqual({ id: messages.idNotNumber });
  });

  test('a nearby search: 1e1 is no latitude, 1e3 no radius', () => {
    expect(errorsOf(appNearbyBoxesQuerySchema.safeParse({ lat: '1e1', lng: '18' }))).toEqual({
      lat: messages.latitudeInvalid,
    });
    expect(errorsOf(appNearbyBoxesQuerySchema.safeParse({ lat: '59.3', lng: '18.07', radius: '1e3' }))).toEqual({
      radius: messages.nearbyRadiusInvalid,
    });
    expect(appNearbyBoxesQuerySchema.parse({ lat: ' 59.3 ', lng: '-18.07', radius: '500' })).toEqual({
      lat: 59.3,
      lng: -18.07,
      radius: 500,
    });
  });
});

describe('the bulk CSV: numbers as every number field takes them, with its own messages', () => {
  const valid = validBulkRow;
  const messagesOf = (row: BulkRowFields) => bulkRowErrors(row, '2026-06-15').map((e) => e.message);

  test.each(exotic)('%j in Coin Price, Amount and Expiry Duration is no whole number', (text) => {
    expect(messagesOf({ ...valid, price: text, amount: text, expiryDuration: text })).toEqual([
      messages.csvCoinPriceInteger,
      messages.csvAmountInteger,
      messages.csvExpiryDurationInteger,
    ]);
  });

  test('digits with spaces around pass; Expiry Duration above 9999 is too long', () => {
    expect(messagesOf({ ...valid, price: ' 500 ', amount: '0', expiryDuration: ' 9999 ' })).toEqual([]);
    expect(messagesOf({ ...valid, expiryDuration: '10000' })).toEqual([messages.csvExpiryDurationTooLong]);
    expect(messagesOf({ ...valid, expiryDuration: '99999999999999999999' })).toEqual([
      messages.csvExpiryDurationTooLong,
    ]);
  });
});

describe('groupThousands: whole numbers as the messages write them', () => {
  test('writes what en-US writes, for any whole number and bigint', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), fc.integer()),
        (n) => {
          expect(groupThousands(n)).toBe(n.toLocaleString('en-US'));
        },
      ),
    );
    fc.assert(
      fc.property(fc.bigInt(), (n) => {
        expect(groupThousands(n)).toBe(n.toLocaleString('en-US'));
      }),
    );
    expect([0, 999, 1000, -1500, 20000, 1234567].map(groupThousands)).toEqual([
      '0',
      '999',
      '1,000',
      '-1,500',
      '20,000',
      '1,234,567',
    ]);
  });

  test('anything but a whole number is written as JavaScript writes it', () => {
    expect([1.5, NaN, Infinity].map(groupThousands)).toEqual(['1.5', 'NaN', 'Infinity']);
  });

  test("the limits' messages keep their commas", () => {
    expect(messages.bulkDeleteTooMany).toMatch(/at most \d{1,3}(,\d{3})* rows/);
    expect(messages.stepsAboveMax(100000)).toBe('Steps can not be more than 100,000 for a day.');
  });
});
