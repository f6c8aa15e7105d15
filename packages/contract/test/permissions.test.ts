import { describe, expect, test } from 'vitest';
import { can, canOpen, isPortalRole, permissionActions, portalPaths, portalRoles, roleNames } from '../src/index.js';

describe('the permission table (docs/behaviour.md §13 Roles)', () => {
  test('Admin may do everything, User nothing in the portal', () => {
    for (const action of permissionActions) {
      expect(can('Admin', action), action).toBe(true);
      expect(can('User', action), action).toBe(false);
    }
    expect(can('Root', 'users:read')).toBe(false);
    expect(can(undefined, 'dashboard:read')).toBe(false);
  });

  test('Support: complaint queries, and users and gift cards read only', () => {
    const granted = permissionActions.filter((a) => can('Support', a));
    expect(granted.sort()).toEqual(
      ['complaints:read', 'complaints:write', 'dashboard:read', 'giftCards:read', 'profile:self', 'users:read'].sort(),
    );
  });

  test('Content: quiz, notifications and gift boxes', () => {
    const granted = permissionActions.filter((a) => can('Content', a));
    expect(granted.sort()).toEqual(
      [
        'dashboard:read',
        'giftBoxes:read',
        'giftBoxes:write',
        'notifications:read',
        'notifications:write',
        'profile:self',
        'quiz:read',
        'quiz:write',
      ].sort(),
    );
  });

  test('the portal roles are every role but User; audit is Admin only', () => {
    expect([...portalRoles]).toEqual(roleNames.filter((r) => r !== 'User'));
    expect(isPortalRole('User')).toBe(false);
    expect(roleNames.filter((r) => can(r, 'audit:read'))).toEqual(['Admin']);
  });

  test('pages: each role opens the pages of its rights', () => {
    expect(canOpen('Support', portalPaths.queryList)).toBe(true);
    expect(canOpen('Support', portalPaths.userList)).toBe(true);
    expect(canOpen('Support', portalPaths.addUser)).toBe(false);
    expect(canOpen('Support', portalPaths.addQuiz)).toBe(false);
    expect(canOpen('Content', portalPaths.addQuiz)).toBe(true);
    expect(canOpen('Content', portalPaths.userList)).toBe(false);
    for (const role of portalRoles) {
      expect(canOpen(role, portalPaths.home)).toBe(true);
      expect(canOpen(role, portalPaths.profile)).toBe(true);
    }
    expect(canOpen('User', portalPaths.home)).toBe(false);
  });
});
