import type { RouteRecord } from '../../src/plugins/route-recorder.js';
import {
  boxPosition,
  createComplaintQuery,
  createGiftBox,
  createGiftBoxConfig,
  createGiftCard,
  createQuiz,
  createUser,
  dateIn,
  type LoggedIn,
  type TestApp,
  validCard,
  validConfig,
  validManualBox,
  validQuiz,
} from '../helpers/index.js';
import { bulkRow } from '../modules/gift-cards/gift-card-data.js';
import { sendNotification, validNotification } from '../modules/notifications/notification-data.js';

/**
 * A valid request for every route of the server that takes an id or a body: real rows for the ids,
 * and bodies only who is calling may stop. Shared by the authorisation matrix (the wrong callers
 * change nothing) and the audit coverage test (the right one changes something, and it is logged).
 */

/** A caller: a signed-in account, or just headers (no token, a bad one). */
export type Who = LoggedIn | { headers: Record<string, string>; user?: undefined };

export interface RouteRequests {
  /** The real row each `:id` of a route's URL stands for, by the route's URL. */
  ids: Record<string, number>;
  /** A valid body, by `METHOD /url`. */
  payloads: Record<string, (who: Who) => object>;
}

export const routeKey = (r: Pick<RouteRecord, 'method' | 'url'>) => `${r.method} ${r.url}`;

/**
 * Fresh rows (a user, gift-box configs and a box, a quiz question, a gift card, a notification,
 * a complaint query sent by `walker`) and the valid requests that use them. `admin` sends the
 * notification; PUT /profile and change_password take the caller's own account.
 */
export async function routeRequests(t: TestApp, admin: LoggedIn, walker: LoggedIn): Promise<RouteRequests> {
  const target = await createUser(t.db, { name: 'Target Person' });
  const configId = await createGiftBoxConfig(t.db, { stepsToUnlock: 0 });
  const doomedConfigId = await createGiftBoxConfig(t.db);
  const boxId = await createGiftBox(t.db, configId);
  const quizId = await createQuiz(t.db);
  const cardId = await createGiftCard(t.db, { price: 0 });
  const ids: Record<string, number> = {
    '/api/users/:id': target.id,
    '/api/users/:id/ledger': target.id,
    '/api/users/:id/coins': target.id,
    '/api/users/:id/clear-steps-flag': (await createUser(t.db, { name: 'Flagged Person', stepsFlaggedAt: new Date() }))
      .id,
    '/api/giftcard/:id': cardId,
    '/api/quiz/:id': quizId,
    '/api/giftbox/:id': doomedConfigId,
    '/api/giftbox/manual/:id': boxId,
    '/api/notification/:id': await sendNotification(t.app, admin),
    // Sent by the app user the matrix tries the admin calls with: even the sender may not read it there.
    '/api/message/:id': await createComplaintQuery(t.db, { userId: walker.user.id }),
    '/api/app/quiz/:id/answer': quizId,
    '/api/app/giftbox/:id/open': boxId,
    '/api/app/giftcard/:id/redeem': cardId,
  };
  const payloads: Record<string, (who: Who) => object> = {
    'POST /api/users': () => ({ name: 'Matrix Person', email: `matrix-person-${target.id}@example.com` }),
    'PUT /api/users': () => ({
      updateId: target.id,
      name: 'Renamed Person',
      dob: null,
      height: 170,
      weight: 60,
      gender: null,
      totalCoins: 5,
      dailyFSGoal: 1000,
      isActive: false,
      isTracking: false,
      role: 'User', // as created: a role change is its own action ('role-change', roles.test.ts)
    }),
    'PUT /api/users/updatepassword': () => ({ updateId: target.id, password: 'matrix-password' }),
    'POST /api/getPresignedUrl': () => ({ name: 'card.png', dict: 'gift_card_images', dataType: 'image/png' }),
    'PUT /api/profile': (who) => ({ updateId: who.user?.id ?? admin.user.id, name: 'Renamed Caller' }),
    'POST /api/profile/change_password': (who) => ({
      oldPassword: who.user?.password ?? 'a-guess',
      newPassword: 'matrix-new-password',
    }),
    'POST /api/giftcard': () => validCard(),
    'PUT /api/giftcard': () => ({ updateId: cardId, ...validCard() }),
    'POST /api/multiplegiftcard': () => ({ giftCards: [bulkRow()] }),
    'POST /api/quiz': () => validQuiz(),
    'PUT /api/quiz': () => ({ updateId: quizId, ...validQuiz() }),
    'POST /api/giftbox': () => validConfig(),
    'PUT /api/giftbox': () => ({ updateId: configId, ...validConfig() }),
    'POST /api/giftbox/manual': () => validManualBox(configId),
    'POST /api/notification': () => validNotification(),
    'PUT /api/message': () => ({ updateId: ids['/api/message/:id'], isRead: true }),
    // Real rows: a bulk delete let through by mistake would show in the database.
    'POST /api/users/bulk-delete': () => ({ ids: [target.id] }),
    'POST /api/giftcard/bulk-delete': () => ({ ids: [cardId] }),
    'POST /api/quiz/bulk-delete': () => ({ ids: [quizId] }),
    'POST /api/giftbox/bulk-delete': () => ({ ids: [doomedConfigId] }),
    'POST /api/notification/bulk-delete': () => ({ ids: [ids['/api/notification/:id']] }),
    'POST /api/message/bulk-delete': () => ({ ids: [ids['/api/message/:id']] }),
    'POST /api/app/steps': () => ({ date: dateIn(0), steps: 1200 }),
    'POST /api/app/quiz/:id/answer': () => ({ option: 2 }),
    'POST /api/app/giftbox/:id/open': () => boxPosition,
    'POST /api/users/:id/coins': () => ({ amount: 5, reason: 'Matrix adjustment' }),
    'POST /api/app/message': () => ({ title: 'Hello', message: 'My steps are missing.' }),
    // No body: the id says who.
    'POST /api/users/:id/clear-steps-flag': () => ({}),
    'PUT /api/app/me': () => ({ name: 'Renamed Walker', isTracking: true }),
    'PUT /api/app/push-token': () => ({ pushToken: 'matrix-push-token' }),
    'POST /api/app/me/change-password': (who) => ({
      currentPassword: who.user?.password ?? 'a-guess',
      newPassword: 'matrix-new-password',
    }),
    'DELETE /api/app/me': (who) => ({ password: who.user?.password ?? 'a-guess' }),
  };
  return { ids, payloads };
}

/** The route's URL with its parameters filled: the real row of `ids` when given, or a dummy that reaches the handler. */
export function urlOf(route: Pick<RouteRecord, 'url'>, ids?: Record<string, number>): string {
  return route.url
    .replace(/:id\b/g, String(ids?.[route.url] ?? 999_999))
    .replace(/:\w+/g, 'x')
    .replace('*', 'missing.js');
}
