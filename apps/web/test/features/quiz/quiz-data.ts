import { messages, type QuizQuestion } from '@strideadmin/contract';
import { session } from '../../../src/lib/session';
import { jsonResponse, listPage, makeUser, makeUserDetail, stubFetch, stubMatchMedia } from '../../support/fixtures';

/** A quiz question as the API answers it (contract quizQuestionSchema); override what a test needs. */
export function makeQuiz(overrides: Partial<QuizQuestion> = {}): QuizQuestion {
  return {
    id: 11,
    question: 'How many steps make a mile?',
    option1: 'About 500',
    option2: 'About 2000',
    option3: 'About 10000',
    option4: 'About 50000',
    correctOption: 2,
    language: 'en',
    coins: 25,
    isActive: true,
    createdAt: '2024-05-01T10:00:00.000Z',
    updatedAt: '2024-05-01T10:00:00.000Z',
    ...overrides,
  };
}

export interface QuizServerOptions {
  /** POST and PUT /api/quiz answers, one per call, the last one repeating. */
  saves?: Response[];
  /** How many list calls fail (403) before they succeed. */
  failLists?: number;
}

/**
 * Signed in as an administrator, against a small in-memory quiz API: GET /quiz that filters
 * (question contains, language exact), sorts and pages like the server; GET and DELETE /quiz/{id};
 * POST and PUT /quiz answering `saves`.
 */
export function serveQuiz(rows: QuizQuestion[], opts: QuizServerOptions = {}) {
  const admin = makeUser();
  session.signIn(admin, 'jwt');
  stubMatchMedia(false);
  const data = [...rows];
  let failLists = opts.failLists ?? 0;
  const saves = [...(opts.saves ?? [jsonResponse(200, { message: 'Saved by the server.', body: { id: 99 } })])];
  const api = stubFetch((req) => {
    const { pathname, searchParams: q } = req.url;
    if (req.method === 'GET' && pathname === `/api/users/${admin.id}`)
      return jsonResponse(200, { body: makeUserDetail(admin) });
    if (req.method === 'GET' && pathname === '/api/quiz') {
      if (failLists > 0) {
        failLists--;
        return jsonResponse(429, { message: messages.tooManyRequests });
      }
      const text = q.get('question')?.toLowerCase() ?? '';
      const language = q.get('language');
      return listPage(
        data.filter((r) => r.question.toLowerCase().includes(text) && (language === null || r.language === language)),
        q,
      );
    }
    if ((req.method === 'POST' || req.method === 'PUT') && pathname === '/api/quiz')
      return (saves.length > 1 ? saves.shift() : saves[0])!.clone();
    const byId = /^\/api\/quiz\/(\d+)$/.exec(pathname);
    const index = byId ? data.findIndex((r) => r.id === Number(byId[1])) : -1;
    if (byId && index < 0) return jsonResponse(404, { message: messages.quizNotFound });
    if (byId && req.method === 'DELETE') {
      data.splice(index, 1);
      return jsonResponse(200, { message: messages.quizDeleted, body: null });
    }
    if (byId && req.method === 'GET') return jsonResponse(200, { body: data[index] });
    return jsonResponse(404, { message: messages.routeNotFound });
  });
  const lists = () => api.seen.filter((r) => r.method === 'GET' && r.url.pathname === '/api/quiz');
  const savesSeen = () => api.seen.filter((r) => r.url.pathname === '/api/quiz' && r.method !== 'GET');
  return { api, lists, savesSeen };
}
