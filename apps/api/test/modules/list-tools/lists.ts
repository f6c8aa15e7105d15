import { randomBytes } from 'node:crypto';
import { messages } from '@strideadmin/contract';
import type { BulkDeleteList } from '@strideadmin/contract';
import type { TestApp } from '../../helpers/index.js';

/**
 * The six list screens' calls (docs/behaviour.md §12), for the tests of what they share: bulk delete,
 * "select all matching" (GET /<list>/ids) and `?count=exact`.
 */
export interface ListUnderTest {
  /** The list's call, e.g. /api/users (its rows at /api/users/{id}). */
  path: string;
  list: BulkDeleteList;
  table: string;
  /** What a single delete of a missing row answers. */
  notFound: string;
  /** The list's text filter: rows seeded with a marker are found by `?<filter>=<marker>`. */
  filter: string;
  /** `n` rows carrying `marker` in the filtered column, in ONE statement (generate_series): their ids in order. */
  seed: (t: TestApp, marker: string, n: number) => Promise<number[]>;
}

/** One INSERT ... SELECT from generate_series(1, n) into `table`; `values` is the select list, `g` the row number, $1 the marker. */
const seeder =
  (table: string, columns: string, values: string) =>
  async (t: TestApp, marker: string, n: number): Promise<number[]> => {
    const { rows } = await t.database.query<{ id: number }>(
      `insert into ${table} (${columns}) select ${values} from generate_series(1, $2::int) as g returning id`,
      [marker, n],
    );
    return rows.map((r) => r.id).sort((a, b) => a - b);
  };

export const lists: ListUnderTest[] = [
  {
    path: '/api/users',
    list: 'users',
    table: 'users',
    notFound: messages.userNotFound,
    filter: 'name',
    seed: seeder(
      'users',
      'name, email, role_id',
      `$1::text || ' ' || g, $1::text || '-' || g || '@example.com', (select id from roles where name = 'User')`,
    ),
  },
  {
    path: '/api/giftcard',
    list: 'giftCards',
    table: 'gift_cards',
    notFound: messages.giftCardNotFound,
    filter: 'serialNumber',
    seed: seeder(
      'gift_cards',
      'serial_number, control_code, amount, currency, store_name, store_address, valid_till, price',
      `$1::text || '-' || g, $1::text || '-cc-' || g, 10, 'SEK', 'corner shop', 'storgatan 1', current_date + 30, 100`,
    ),
  },
  {
    path: '/api/quiz',
    list: 'quiz',
    table: 'quiz_questions',
    notFound: messages.quizNotFound,
    filter: 'question',
    seed: seeder(
      'quiz_questions',
      'question, option1, option2, option3, option4, correct_option, language',
      `$1::text || ' ' || g || '?', 'a', 'b', 'c', 'd', 2, 'en'`,
    ),
  },
  {
    path: '/api/giftbox',
    list: 'giftBoxConfigs',
    table: 'gift_box_configs',
    notFound: messages.giftBoxConfigNotFound,
    filter: 'type',
    seed: seeder('gift_box_configs', 'type, min_coins, max_coins', `$1::text || ' ' || g, 5, 50`),
  },
  {
    path: '/api/notification',
    list: 'notifications',
    table: 'notifications',
    notFound: messages.notificationNotFound,
    filter: 'title',
    seed: seeder(
      'notifications',
      'title, message, language, audience',
      `$1::text || ' ' || g, 'Walk more today.', 'en', 'all'`,
    ),
  },
  {
    path: '/api/message',
    list: 'complaintQueries',
    table: 'messages',
    notFound: messages.queryNotFound,
    filter: 'title',
    seed: seeder('messages', 'title, message', `$1::text || ' ' || g, 'My steps were not counted.'`),
  },
];

/** A fresh marker (letters only, so it suits any filtered column, a user's name too). */
export function newMarker(): string {
  return `mark${[...randomBytes(5)].map((b) => String.fromCharCode(97 + (b % 26))).join('')}`;
}
