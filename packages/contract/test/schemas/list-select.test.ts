import { describe, expect, test } from 'vitest';
import { bulkDeletedMessage, bulkDeleteNouns, selectAllIdsResultSchema } from '../../src/schemas/list-select.js';

describe('bulkDeletedMessage', () => {
  test('says how many rows went, with the noun of the list, and how many were refused', () => {
    expect(bulkDeletedMessage('users', 3, 0)).toBe('3 users deleted.');
    expect(bulkDeletedMessage('users', 3, 1)).toBe('3 users deleted, 1 refused.');
    expect(bulkDeletedMessage('users', 1, 0)).toBe('1 user deleted.');
    expect(bulkDeletedMessage('complaintQueries', 0, 2)).toBe('0 complaint queries deleted, 2 refused.');
    expect(bulkDeletedMessage('giftCards', 1000, 0)).toBe('1,000 gift cards deleted.');
  });

  test('has a noun for each of the six lists', () => {
    expect(Object.keys(bulkDeleteNouns).sort()).toEqual(
      ['complaintQueries', 'giftBoxConfigs', 'giftCards', 'notifications', 'quiz', 'users'].sort(),
    );
  });
});

describe('selectAllIdsResultSchema', () => {
  test('takes ids with their count, and countCapped only as true', () => {
    expect(selectAllIdsResultSchema.safeParse({ ids: [3, 1], count: 2 }).success).toBe(true);
    expect(selectAllIdsResultSchema.safeParse({ ids: [], count: 0, countCapped: true }).success).toBe(true);
    expect(selectAllIdsResultSchema.safeParse({ ids: [], count: 0, countCapped: false }).success).toBe(false);
  });
});
