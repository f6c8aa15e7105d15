import { messages, type ComplaintQuery } from '@strideadmin/contract';
import { session } from '../../../src/lib/session';
import {
  jsonResponse,
  listPage,
  makeUser,
  makeUserDetail,
  stubFetch,
  stubMatchMedia,
  type SeenRequest,
} from '../../support/fixtures';

/** A complaint query as GET /message answers it (docs/behaviour.md §3 Message); override what a test needs. */
export function makeComplaintQuery(overrides: Partial<ComplaintQuery> = {}): ComplaintQuery {
  return {
    id: 31,
    title: 'Steps not counted',
    message: 'My steps from yesterday are missing.',
    source: 'Mobile',
    isRead: false,
    createdAt: '2024-06-01T08:30:00.000Z',
    User: { id: 12, name: 'Walt Walker', email: 'walt@example.com' },
    ...overrides,
  };
}

export const admin = makeUser({ id: 7, name: 'Ada Admin' });

/**
 * Signed in as an administrator, against a small in-memory complaint queries API: GET /message
 * (filters title and isRead, sort, page, count), GET /message/{id}, PUT /message and
 * DELETE /message/{id}, plus the shell's GET /users/{id}. `fail` makes the matching calls fail.
 */
export function serveComplaintQueries(
  rows: ComplaintQuery[],
  opts: { fail?: (req: SeenRequest) => Response | undefined } = {},
) {
  session.signIn(admin, 'jwt');
  stubMatchMedia(false);
  const data = rows.map((r) => ({ ...r }));
  const api = stubFetch((req) => {
    const failure = opts.fail?.(req);
    if (failure) return failure;
    const { pathname, searchParams: q } = req.url;
    if (req.method === 'GET' && pathname === `/api/users/${admin.id}`)
      return jsonResponse(200, { body: makeUserDetail(admin) });
    if (req.method === 'GET' && pathname === '/api/message') {
      const title = q.get('title')?.toLowerCase() ?? '';
      const isRead = q.get('isRead');
      return listPage(
        data.filter((m) => m.title.toLowerCase().includes(title) && (isRead === null || String(m.isRead) === isRead)),
        q,
      );
    }
    if (req.method === 'PUT' && pathname === '/api/message') {
      const { isRead, updateId } = req.body as { isRead: boolean; updateId: number };
      const row = data.find((m) => m.id === updateId);
      if (!row) return jsonResponse(404, { message: messages.queryNotFound });
      row.isRead = isRead;
      return jsonResponse(200, { message: messages.queryUpdated, body: row });
    }
    const byId = /^\/api\/message\/(\d+)$/.exec(pathname);
    const index = byId ? data.findIndex((m) => m.id === Number(byId[1])) : -1;
    if (byId && index === -1) return jsonResponse(404, { message: messages.queryNotFound });
    if (byId && req.method === 'GET') return jsonResponse(200, { body: data[index] });
    if (byId && req.method === 'DELETE') {
      data.splice(index, 1);
      return jsonResponse(200, { message: messages.queryDeleted });
    }
    return jsonResponse(404, { message: messages.routeNotFound });
  });
  const isCount = (r: SeenRequest) =>
    r.url.searchParams.get('limit') === '1' && r.url.searchParams.get('isRead') === 'false';
  const messageGets = () => api.seen.filter((r) => r.method === 'GET' && r.url.pathname === '/api/message');
  return {
    api,
    data,
    /** GET /message calls of the list screen. */
    lists: () => messageGets().filter((r) => !isCount(r)),
    /** GET /message?isRead=false&limit=1 calls of the sidebar's badge. */
    counts: () => messageGets().filter(isCount),
    puts: () => api.seen.filter((r) => r.method === 'PUT'),
  };
}
