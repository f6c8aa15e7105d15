import { describe, expect, test } from 'vitest';
import { messages } from '../src/messages.js';

/**
 * The spec's messages are part of the contract and are shown to users exactly as the spec wrote
 * them, typos and trailing spaces included (docs/behaviour.md §4, §5, §8). Each expected string
 * below was copied from the specification's text, not from messages.ts: a second, independent copy.
 */
const verbatimFromSpec: Record<string, string> = {
  // §5 / §8
  onlyAdmin: 'Only admin can login here.',
  unauthorized: 'Unauthorized',
  sessionExpired: 'Session expired. Please login again.',
  noResponse: 'Something went wrong. Please try again later.',
  uploadFailed: 'Something went went while uploading the image. Please try again later!',
  accountVerified: 'Account verified successfully!',
  // §5 shared field rules
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter valid email',
  emailInvalidForgot: 'Must be a valid email',
  nameRequired: 'Name is required',
  nameLettersOnly: 'Only alphabets are allowed for this field ',
  dobInFuture: 'Date can not be from future.',
  newPasswordPlease: 'Please Enter New Password',
  confirmPasswordPlease: 'Please Enter Confirm Password',
  passwordsNeedSame: 'Both passwords need to be the same',
  oldPasswordRequired: 'Old Password is required',
  newPasswordRequired: 'New Password is required',
  resetNewPasswordRequired: 'New Password is required.',
  passwordsDoNotMatch: 'Passwords does not match',
  // §5 update gift card
  serialNoRequired: 'Serial No is required',
  onlyNumbers: 'Only numbers are allowed for this field.',
  amountRequired: 'Amount is required',
  currencyLettersOnly: 'Only alphabets are allowed for this field.',
  storeNameRequired: 'Store Name is required',
  storeAddressRequired: 'Store Address is required',
  cardPictureRequired: 'Card Picture is required',
  dateFromPast: 'Date can not be from past.',
  coinPriceRequired: 'Coin Price is required',
  controlCodeRequired: 'Control Code is required',
  // §5 bulk CSV rows
  csvSerialRequired: 'Serial number is required.',
  csvControlCodeRequired: 'Control Code is required.',
  csvSerialUnique: 'Serial number should be unique.',
  csvControlCodeUnique: 'Control code should be unique.',
  csvCoinPriceInteger: 'Coin Price should be a valid integer value.',
  csvCurrencyRequired: 'Currency is required.',
  csvAmountInteger: 'Amount should be a valid integer value.',
  csvStoreNameRequired: 'Store Name is required.',
  csvStoreAddressRequired: 'Store Address is required.',
  csvValidTillRequired: 'Valid till date is required.',
  csvValidTillPast: 'Valid till date can not be from past.',
  csvExpiryDurationInteger: 'Expiry Duration should be a valid integer value.',
  // §2 User Details empty state
  noAssociatedGiftCards: 'No gift cards are associated with this account.',
};

describe('messages', () => {
  test.each(Object.entries(verbatimFromSpec))('%s is the spec text, verbatim', (key, text) => {
    expect(messages).toHaveProperty(key);
    expect(messages[key as keyof typeof messages]).toBe(text);
  });

  test('the spec typos are kept, not corrected', () => {
    expect(messages.uploadFailed).toContain('went went');
    expect(messages.nameLettersOnly.endsWith(' ')).toBe(true);
    expect(messages.passwordsDoNotMatch).toBe('Passwords does not match');
    // The two 'Only alphabets' rules differ only by the trailing space / full stop (docs/behaviour.md §5).
    expect(messages.nameLettersOnly).not.toBe(messages.currencyLettersOnly);
  });

  test('every message is written once: no two keys carry the same text', () => {
    const texts = Object.values(messages);
    const duplicates = texts.filter((t, i) => texts.indexOf(t) !== i);
    expect(duplicates).toEqual([]);
  });
});
