import { describe, expect, test } from 'vitest';
import { filterScreens } from '../../../src/features/quick-search/filter-screens';
import { jumpScreens, paths } from '../../../src/lib/paths';

const labels = (text: string) => filterScreens(jumpScreens, text).map((s) => s.label);

describe('the quick search over screens', () => {
  test('offers every screen the sidebar leads to that opens without a record, and Profile', () => {
    expect(labels('')).toEqual([
      'Home',
      'Users',
      'Add User',
      'Quiz Questions',
      'Add Quiz Question',
      'Gift Cards',
      'Add Gift Card',
      'Add Multiple Gift Cards',
      'Push Notifications',
      'Send Push Notification',
      'Complaint Queries',
      'Gift Box Config',
      'Add Gift Box Config',
      'Activity',
      'Profile',
    ]);
    expect(filterScreens(jumpScreens, 'gift cards')[0]).toEqual({
      label: 'Gift Cards',
      to: paths.cardList,
      section: 'Gift Cards',
    });
  });

  test('puts titles that start with the text first, then titles with a word that does, then the rest', () => {
    expect(labels('gift')).toEqual([
      'Gift Cards',
      'Gift Box Config',
      'Add Gift Card',
      'Add Multiple Gift Cards',
      'Add Gift Box Config',
    ]);
    expect(labels('ADD U')).toEqual(['Add User']);
    expect(labels('ser')).toEqual(['Users', 'Add User']);
  });

  test('matches from one character, in any case, ignoring extra spaces', () => {
    expect(labels('p')[0]).toBe('Push Notifications');
    expect(labels('  PROFILE ')).toEqual(['Profile']);
    expect(labels('add   card')).toEqual(['Add Gift Card', 'Add Multiple Gift Cards']);
  });

  test('finds a screen by its sidebar section too, and nothing for text no screen has', () => {
    expect(labels('box place')).toEqual([]);
    expect(labels('user add')).toEqual(['Add User']);
    expect(labels('notification')).toEqual(['Push Notifications', 'Send Push Notification']);
    expect(labels('zebra')).toEqual([]);
  });
});
