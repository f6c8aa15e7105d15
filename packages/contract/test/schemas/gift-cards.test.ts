import { describe, expect, test } from 'vitest';
import { messages } from '../../src/messages.js';
import { todayIso } from '../../src/schemas/fields.js';
import { giftCardFormSchema, giftCardFromForm, updateGiftCardSchema } from '../../src/schemas/gift-cards.js';

const form = {
  serialNumber: 'SN-1',
  controlCode: 'CC-1',
  coinPrice: 500,
  currency: 'Swedish Krona',
  amount: 100,
  storeName: 'corner shop',
  storeAddress: 'main street 1',
  cardPicture: 'http://localhost/uploads/gift_card_images/a.png',
  validTill: todayIso(),
  expiryDuration: 60,
};

function errorsOf(input: unknown): Record<string, string> {
  const r = giftCardFormSchema.safeParse(input);
  if (r.success) return {};
  return Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('the gift card form (docs/behaviour.md §5 Update gift card)', () => {
  test('a valid card passes; Valid Till may be today', () => {
    expect(errorsOf(form)).toEqual({});
  });

  test('every field is required, with the spec messages', () => {
    expect(
      errorsOf({
        ...form,
        serialNumber: ' ',
        controlCode: '',
        // A number field left empty (lib/number-field.ts reads '' as undefined).
        coinPrice: undefined,
        amount: undefined,
        storeName: '',
        storeAddress: '',
        cardPicture: '',
      }),
    ).toEqual({
      serialNumber: messages.serialNoRequired,
      controlCode: messages.controlCodeRequired,
      coinPrice: messages.coinPriceRequired,
      amount: messages.amountRequired,
      storeName: messages.storeNameRequired,
      storeAddress: messages.storeAddressRequired,
      cardPicture: messages.cardPictureRequired,
    });
  });

  test('currency letters and spaces only; amount a number; date not in the past; expiry at most 4 digits', () => {
    const yesterday = new Date(Date.now() - 86_400_000);
    expect(
      errorsOf({ ...form, currency: 'S3K', amount: 1.5, validTill: todayIso(yesterday), expiryDuration: 12345 }),
    ).toEqual({
      currency: 'Only alphabets are allowed for this field.',
      amount: 'Only numbers are allowed for this field.',
      validTill: 'Date can not be from past.',
      expiryDuration: messages.expiryDurationMaxDigits,
    });
  });

  test('a number field whose text is no number (read as NaN) says only numbers are allowed', () => {
    expect(errorsOf({ ...form, coinPrice: NaN, amount: NaN, expiryDuration: NaN })).toEqual({
      coinPrice: messages.onlyNumbers,
      amount: messages.onlyNumbers,
      expiryDuration: messages.onlyNumbers,
    });
  });

  test('the form field coinPrice is the call field price (docs/behaviour.md §3)', () => {
    const card = giftCardFromForm(giftCardFormSchema.parse(form));
    expect(card.price).toBe(500);
    expect('coinPrice' in card).toBe(false);
    expect(updateGiftCardSchema.safeParse({ updateId: 3, ...card }).success).toBe(true);
  });
});
