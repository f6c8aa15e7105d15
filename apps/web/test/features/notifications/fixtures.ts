import { messages, type Notification, type UserListItem } from '@strideadmin/contract';
import { columnChoicesKey } from '../../../src/lib/column-visibility';
import { session } from '../../../src/lib/session';
import {
  jsonResponse,
  listPage,
  makeUser,
  makeUserDetail,
  makeUserListItem,
  stubFetch,
  stubMatchMedia,
  type SeenRequest,
} from '../../support/fixtures';

/** A notification as GET /notification answers it (docs/behaviour.md §11); override what a test needs. */
export function makeNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: 51,
    title: 'Walk week',
    message: 'Double coins for every step this week!',
    language: 'en',
    audience: 'all',
    sendAt: '2024-06-01T08:00:00.000Z',
    status: 'sent',
    recipientCount: 2,
    deliveredCount: 2,
    failedCount: 0,
    createdAt: '2024-06-01T07:59:00.000Z',
    completedAt: '2024-06-01T08:00:02.000Z',
    ...overrides,
  };
}

export const admin = makeUser({ id: 7, name: 'Ada Admin' });

/** A user of GET /users (the search of the Chosen users select). */
export const appUser = (id: number, name: string) => makeUserListItem(id, name);

/**
 * Signed in as an administrator, against a small in-memory notifications API: GET /notification
 * (filters title and message, sort, page), POST /notification, DELETE /notification/{id}, and
 * GET /users?name= for the user search; plus the shell's calls. `answer` may take over any call.
 */
export function serveNotifications(
  rows: Notification[],
  opts: { users?: UserListItem[]; answer?: (req: SeenRequest) => Response | undefined } = {},
) {
  session.signIn(admin, 'jwt');
  // An administrator who shows every column (Language and Created are off by default, docs/behaviour.md §12).
  localStorage.setItem(columnChoicesKey(admin.id, 'notifications'), JSON.stringify({ language: true, created: true }));
  stubMatchMedia(false);
  const data = rows.map((r) => ({ ...r }));
  const users = opts.users ?? [];
  const api = stubFetch((req) => {
    const taken = opts.answer?.(req);
    if (taken) return taken;
    const { pathname, searchParams: q } = req.url;
    if (req.method === 'GET' && pathname === `/api/users/${admin.id}`)
      return jsonResponse(200, { body: makeUserDetail(admin) });
    if (req.method === 'GET' && pathname === '/api/message') return jsonResponse(200, { body: { rows: [], count: 0 } });
    if (req.method === 'GET' && pathname === '/api/users') {
      const name = q.get('name')?.toLowerCase() ?? '';
      const role = q.get('role');
      const matching = users
        .filter((u) => u.name.toLowerCase().includes(name) && (!role || u.Role.name === role))
        .sort((a, b) => a.name.localeCompare(b.name));
      return jsonResponse(200, {
        body: { rows: matching.slice(0, Number(q.get('limit') ?? 20)), count: matching.length },
      });
    }
    if (req.method === 'GET' && pathname === '/api/notification') {
      const title = q.get('title')?.toLowerCase() ?? '';
      const message = q.get('message')?.toLowerCase() ?? '';
      return listPage(
        data.filter((n) => n.title.toLowerCase().includes(title) && n.message.toLowerCase().includes(message)),
        q,
      );
    }
    if (req.method === 'POST' && pathname === '/api/notification') {
      const id = 900 + data.length;
      data.unshift(makeNotification({ id, ...(req.body as Partial<Notification>), status: 'queued' }));
      return jsonResponse(200, { message: messages.notificationQueued, body: { id } });
    }
    const byId = /^\/api\/notification\/(\d+)$/.exec(pathname);
    if (byId && req.method === 'DELETE') {
      const index = data.findIndex((n) => n.id === Number(byId[1]));
      if (index === -1) return jsonResponse(404, { message: messages.notificationNotFound });
      data.splice(index, 1);
      return jsonResponse(200, { message: messages.notificationDeleted });
    }
    return jsonResponse(404, { message: messages.routeNotFound });
  });
  return {
    api,
    data,
    lists: () => api.seen.filter((r) => r.method === 'GET' && r.url.pathname === '/api/notification'),
    posts: () => api.seen.filter((r) => r.method === 'POST'),
    searches: () => api.seen.filter((r) => r.method === 'GET' && r.url.pathname === '/api/users'),
  };
}
