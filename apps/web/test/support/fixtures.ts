import type { SessionUser, UserDetail, UserListItem } from '@strideadmin/contract';
import { vi } from 'vitest';

/** A session user as the server returns it at login (docs/behaviour.md §3 User); override what a test needs. */
export function makeUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 7,
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
    ...overrides,
  };
}

/** GET /users/{id}: the same user with `Role { name }` instead of roleName. */
export function makeUserDetail(user: SessionUser, overrides: Partial<UserDetail> = {}): UserDetail {
  const { roleName, ...rest } = user;
  return {
    ...rest,
    updatedAt: user.createdAt,
    version: 1,
    Role: { name: roleName },
    deletedAt: null,
    stepsFlaggedAt: null,
    GiftCards: [],
    ...overrides,
  };
}

/** A row of GET /users (an app user unless overridden), its email made from the first name. */
export function makeUserListItem(id: number, name: string, overrides: Partial<UserListItem> = {}): UserListItem {
  const { roleName: _roleName, ...user } = makeUser({
    id,
    name,
    email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
    roleName: 'User',
  });
  return { ...user, Role: { name: 'User' }, deletedAt: null, ...overrides };
}

export function jsonResponse(status: number, json: unknown): Response {
  return new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * A list endpoint's answer, paged like the server's (docs/behaviour.md §12): the `matching` rows sorted by
 * ?sort (createdAt) and ?order (desc), the ?page (1) of ?limit (20) of them, and their count.
 */
export function listPage<T>(matching: readonly T[], q: URLSearchParams): Response {
  const sort = (q.get('sort') ?? 'createdAt') as keyof T;
  const dir = q.get('order') === 'asc' ? 1 : -1;
  const page = Number(q.get('page') ?? 1);
  const limit = Number(q.get('limit') ?? 20);
  const rows = [...matching].sort((a, b) => (a[sort] < b[sort] ? -dir : a[sort] > b[sort] ? dir : 0));
  return jsonResponse(200, { body: { rows: rows.slice((page - 1) * limit, page * limit), count: rows.length } });
}

export interface SeenRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * Replaces global fetch for this test (the setup file restores it). `answer` receives each
 * request as the server would see it; every request is kept in the returned list.
 */
export function stubFetch(answer: (req: SeenRequest) => Response | Promise<Response>) {
  const seen: SeenRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const req: SeenRequest = {
      method: init.method ?? 'GET',
      url: new URL(input instanceof Request ? input.url : String(input)),
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    };
    seen.push(req);
    return answer(req);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { seen, fetchMock };
}

/**
 * jsdom has no matchMedia: a stub answering `prefers-color-scheme: dark` with `dark`, whose
 * `change` listeners a test can fire through `setDark`.
 */
export function stubMatchMedia(dark: boolean) {
  const listeners = new Set<(e: MediaQueryListEvent) => void>();
  let matches = dark;
  const matchMedia = vi.fn((query: string) => ({
    get matches() {
      return query === '(prefers-color-scheme: dark)' && matches;
    },
    media: query,
    onchange: null,
    addEventListener: (_type: 'change', l: (e: MediaQueryListEvent) => void) => listeners.add(l),
    removeEventListener: (_type: 'change', l: (e: MediaQueryListEvent) => void) => listeners.delete(l),
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
  vi.stubGlobal('matchMedia', matchMedia);
  return {
    matchMedia,
    setDark(next: boolean) {
      matches = next;
      for (const l of listeners) l({ matches: next } as MediaQueryListEvent);
    },
  };
}
