import { portalPaths, type PortalPath } from './paths.js';
import type { ImageFolder } from './limits.js';
import type { RoleName } from './options.js';

/**
 * What a portal account may do, by role (docs/behaviour.md §13 Roles): one table, read by the
 * server's guards (each admin route declares the action it needs) and by the portal (sidebar,
 * buttons, the "not allowed" page). `read` covers lists, details, exports and the quick search;
 * `write` covers create, update, delete, bulk delete and imports.
 */
export const permissionActions = [
  'users:read',
  'users:write',
  'giftCards:read',
  'giftCards:write',
  'quiz:read',
  'quiz:write',
  'giftBoxes:read',
  'giftBoxes:write',
  'notifications:read',
  'notifications:write',
  'complaints:read',
  'complaints:write',
  'dashboard:read',
  'audit:read',
  /** The caller's own profile, password, profile image and sessions: every portal role. */
  'profile:self',
] as const;
export type PermissionAction = (typeof permissionActions)[number];

/** The roles that may sign in to the portal (adminPortal: true); User is the app's. */
export const portalRoles = ['Admin', 'Support', 'Content'] as const satisfies readonly RoleName[];
export type PortalRole = (typeof portalRoles)[number];

export const rolePermissions: Record<RoleName, readonly PermissionAction[]> = {
  Admin: permissionActions,
  Support: ['complaints:read', 'complaints:write', 'users:read', 'giftCards:read', 'dashboard:read', 'profile:self'],
  Content: [
    'quiz:read',
    'quiz:write',
    'notifications:read',
    'notifications:write',
    'giftBoxes:read',
    'giftBoxes:write',
    'dashboard:read',
    'profile:self',
  ],
  User: [],
};

export function isPortalRole(role: string | null | undefined): role is PortalRole {
  return (portalRoles as readonly string[]).includes(role ?? '');
}

/** May an account of `role` do `action` (in the portal)? Unknown roles may do nothing. */
export function can(role: string | null | undefined, action: PermissionAction): boolean {
  const granted = rolePermissions[role as RoleName] as readonly PermissionAction[] | undefined;
  return granted?.includes(action) ?? false;
}

/**
 * The action each portal page needs (the sign-in and account-link pages are outside the shell and
 * need none). The router checks it before showing a page; the sidebar hides entries a role lacks.
 */
export const pagePermissions: Partial<Record<PortalPath, PermissionAction>> = {
  [portalPaths.home]: 'dashboard:read',
  [portalPaths.profile]: 'profile:self',
  [portalPaths.userList]: 'users:read',
  [portalPaths.userDetails]: 'users:read',
  [portalPaths.addUser]: 'users:write',
  [portalPaths.updateUser]: 'users:write',
  [portalPaths.cardList]: 'giftCards:read',
  [portalPaths.addCard]: 'giftCards:write',
  [portalPaths.addMultipleCard]: 'giftCards:write',
  [portalPaths.updateCard]: 'giftCards:write',
  [portalPaths.quizList]: 'quiz:read',
  [portalPaths.addQuiz]: 'quiz:write',
  [portalPaths.updateQuiz]: 'quiz:write',
  [portalPaths.boxList]: 'giftBoxes:read',
  [portalPaths.addBox]: 'giftBoxes:write',
  [portalPaths.updateBox]: 'giftBoxes:write',
  [portalPaths.addBoxManual]: 'giftBoxes:write',
  [portalPaths.notificationList]: 'notifications:read',
  [portalPaths.addNotification]: 'notifications:write',
  [portalPaths.queryList]: 'complaints:read',
  [portalPaths.queryDetails]: 'complaints:read',
  [portalPaths.activity]: 'audit:read',
};

/** May `role` open the portal page at `path`? A page without an entry is open to every portal role. */
export function canOpen(role: string | null | undefined, path: string): boolean {
  const action = pagePermissions[path as PortalPath];
  return action ? can(role, action) : isPortalRole(role);
}

/**
 * POST /getPresignedUrl: every portal role may upload its own profile image (the route's guard is
 * profile:self); a folder's images also need the right to write what they belong to.
 */
export const imageFolderPermissions: Record<ImageFolder, PermissionAction> = {
  gift_card_images: 'giftCards:write',
  profile_Images: 'profile:self',
};
