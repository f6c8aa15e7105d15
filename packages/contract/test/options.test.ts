import { describe, expect, test } from 'vitest';
import { limits, storageKeys } from '../src/limits.js';
import { dashboardQuerySchema } from '../src/schemas/dashboard.js';
import {
  dateRangeOptions,
  dateRangeOf,
  dateRanges,
  genderOptions,
  languageOptions,
  languages,
  quizOptionOptions,
  roleNames,
  roleOptions,
  statusOptions,
  trackingOptions,
  yesNoOptions,
} from '../src/options.js';

const labelsAndValues = (options: readonly { label: string; value: unknown }[]) =>
  options.map((o) => [o.label, o.value]);

// docs/behaviour.md §9: fixed option lists. A dropdown option is { id, label, value } (§3).
describe('option lists (docs/behaviour.md §9)', () => {
  test('date range: Today, Last Week (Week), Month, Year, All Time (All)', () => {
    expect(labelsAndValues(dateRangeOptions)).toEqual([
      ['Today', 'Today'],
      ['Last Week', 'Week'],
      ['Month', 'Month'],
      ['Year', 'Year'],
      ['All Time', 'All'],
    ]);
    expect(dateRangeOptions.map((o) => o.value)).toEqual([...dateRanges]);
  });

  test('a range read from a URL: a known value as it is, anything else Today (as the server defaults it)', () => {
    for (const range of dateRanges) expect(dateRangeOf(range)).toBe(range);
    for (const other of [null, undefined, '', 'today', 'Week ', 'Decade']) expect(dateRangeOf(other)).toBe('Today');
    expect(dashboardQuerySchema.parse({}).range).toBe(dateRangeOf(null));
  });

  test('tracking: Enable (true) then Disable (false), the default being the second', () => {
    expect(labelsAndValues(trackingOptions)).toEqual([
      ['Enable', true],
      ['Disable', false],
    ]);
    expect(trackingOptions[1]).toMatchObject({ label: 'Disable', value: false });
  });

  test('language: English (en), Swedish (sv)', () => {
    expect(labelsAndValues(languageOptions)).toEqual([
      ['English', 'en'],
      ['Swedish', 'sv'],
    ]);
    expect([...languages]).toEqual(['en', 'sv']);
  });

  test('gender, role, status and Yes/No', () => {
    expect(genderOptions.map((o) => o.value)).toEqual(['male', 'female']);
    expect(labelsAndValues(roleOptions)).toEqual([
      ['Admin', 'Admin'],
      ['Support', 'Support'],
      ['Content', 'Content'],
      ['User', 'User'],
    ]);
    expect([...roleNames]).toEqual(['Admin', 'Support', 'Content', 'User']);
    expect(labelsAndValues(statusOptions)).toEqual([
      ['Active', true],
      ['Inactive', false],
    ]);
    expect(yesNoOptions.map((o) => o.label)).toEqual(['Yes', 'No']);
  });

  test('generic Option 1 to 4', () => {
    expect(quizOptionOptions.map((o) => o.label)).toEqual(['Option 1', 'Option 2', 'Option 3', 'Option 4']);
  });

  test.each([
    ['dateRangeOptions', dateRangeOptions],
    ['trackingOptions', trackingOptions],
    ['languageOptions', languageOptions],
    ['genderOptions', genderOptions],
    ['roleOptions', roleOptions],
    ['statusOptions', statusOptions],
    ['yesNoOptions', yesNoOptions],
    ['quizOptionOptions', quizOptionOptions],
  ] as const)('%s has unique ids (React keys)', (_name, options) => {
    const ids = options.map((o) => o.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('limits (docs/behaviour.md §9)', () => {
  test('toasts close after 3000 ms, type-ahead clears after 350 ms, chunks time out after 120 s', () => {
    expect(limits.toastMs).toBe(3000);
    expect(limits.typeAheadClearMs).toBe(350);
    expect(limits.chunkLoadTimeoutMs).toBe(120_000);
  });

  test('password minimum 6, maximums 255, upload hint 10 MB, expiry duration 4 digits', () => {
    expect(limits.passwordMin).toBe(6);
    expect(limits.passwordMax).toBe(255);
    expect(limits.emailMax).toBe(255);
    expect(limits.uploadMaxBytes).toBe(10 * 1024 * 1024);
    expect(limits.expiryDurationMaxDigits).toBe(4);
  });

  test('the theme is kept under color-theme (docs/behaviour.md §2 Shell)', () => {
    expect(storageKeys.theme).toBe('color-theme');
  });
});
