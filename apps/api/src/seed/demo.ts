import type { Db } from '../db/client.js';
import {
  demoEmailDomain,
  demoSerialPrefix,
  giftBoxConfigs,
  notificationTexts,
  queryTexts,
  quizBank,
} from './catalogue.js';
import { lit, run } from './sql-text.js';

/**
 * Which rows are demo rows, without a marker column:
 * - users: an e-mail at the demo domain (whatever the role);
 * - gift cards: a serial number starting with DEMO- (whatever the case);
 * - quiz questions, gift box configs, notifications: exactly the seed's own texts (catalogue.ts);
 *   gift boxes go with their config;
 * - complaint queries: sent by a demo user (or, once the user is deleted, the seed's own texts);
 * - step logs, ledger entries, quiz answers, deliveries, inbox entries: owned by a demo user.
 * A demo row someone edited in the portal (a question reworded, a config renamed) becomes theirs:
 * it counts as non-demo data from then on.
 */
export const isDemoUser = (alias: string) => `lower(${alias}.email) like ${lit(`%@${demoEmailDomain}`)}`;

export const isDemoGiftCard = (alias: string) =>
  `upper(${alias}.serial_number) like ${lit(`${demoSerialPrefix.toUpperCase()}%`)}`;

export const isDemoQuizQuestion = (alias: string) => {
  const pairs = (['en', 'sv'] as const).flatMap((language) =>
    quizBank[language].map((q) => `(${lit(q.question)}, ${lit(language)})`),
  );
  return `(${alias}.question, ${alias}.language) in (${pairs.join(', ')})`;
};

export const isDemoGiftBoxConfig = (alias: string) =>
  `lower(${alias}.type) in (${giftBoxConfigs.map((c) => lit(c.type.toLowerCase())).join(', ')})`;

export const isDemoNotification = (alias: string) =>
  `(${alias}.title, ${alias}.message) in (${notificationTexts.map((n) => `(${lit(n.title)}, ${lit(n.message)})`).join(', ')})`;

export const isDemoQuery = (alias: string) =>
  `(${alias}.user_id in (select u.id from users u where ${isDemoUser('u')}) or (${alias}.user_id is null and (${alias}.title, ${alias}.message) in (${queryTexts.map((q) => `(${lit(q.title)}, ${lit(q.message)})`).join(', ')})))`;

/** How many rows of each kind are not demo data (administrators are never counted). */
export interface ForeignData {
  appUsers: number;
  giftCards: number;
  quizQuestions: number;
  giftBoxConfigs: number;
  notifications: number;
  queries: number;
}

export async function countForeignData(db: Db): Promise<ForeignData> {
  const [row] = await run<Record<keyof ForeignData, number>>(
    db,
    `select
      (select count(*)::int from users u join roles r on r.id = u.role_id
        where r.name = 'User' and not ${isDemoUser('u')}) as "appUsers",
      (select count(*)::int from gift_cards g where not ${isDemoGiftCard('g')}) as "giftCards",
      (select count(*)::int from quiz_questions q where not ${isDemoQuizQuestion('q')}) as "quizQuestions",
      (select count(*)::int from gift_box_configs c where not ${isDemoGiftBoxConfig('c')}) as "giftBoxConfigs",
      (select count(*)::int from notifications n where not ${isDemoNotification('n')}) as "notifications",
      (select count(*)::int from messages m where not ${isDemoQuery('m')}) as "queries"`,
  );
  return {
    appUsers: row?.appUsers ?? 0,
    giftCards: row?.giftCards ?? 0,
    quizQuestions: row?.quizQuestions ?? 0,
    giftBoxConfigs: row?.giftBoxConfigs ?? 0,
    notifications: row?.notifications ?? 0,
    queries: row?.queries ?? 0,
  };
}

const foreignLabels: Record<keyof ForeignData, [string, string]> = {
  appUsers: ['app user', 'app users'],
  giftCards: ['gift card', 'gift cards'],
  quizQuestions: ['quiz question', 'quiz questions'],
  giftBoxConfigs: ['gift box config', 'gift box configs'],
  notifications: ['notification', 'notifications'],
  queries: ['complaint query', 'complaint queries'],
};

/** "3 app users, 1 gift card" (empty when there is none). */
export function describeForeignData(found: ForeignData): string {
  return (Object.keys(foreignLabels) as Array<keyof ForeignData>)
    .filter((k) => found[k] > 0)
    .map((k) => `${found[k].toLocaleString('en-US')} ${foreignLabels[k][found[k] === 1 ? 0 : 1]}`)
    .join(', ');
}

/** Tables whose rows belong to a user (ON DELETE CASCADE from users). */
const ownedByUser = ['step_logs', 'coin_ledger', 'quiz_answers', 'notification_deliveries', 'inbox_notifications'];

/**
 * Deletes the demo rows of an earlier run, keeping everything else. daily_stats keeps history on
 * purpose (a deleted user's past days stay counted), but demo rows that are replaced never
 * happened: their contributions are taken out first, by the same rules the triggers of migration
 * 0005 added them with, so that a second run does not count them twice. Days left with nothing
 * are removed.
 *
 * Speed: a table that holds rows of demo users only (the usual case) is emptied with TRUNCATE
 * instead of a delete of millions of rows; the users themselves are then deleted with nothing
 * left to cascade to.
 */
export async function deleteDemoData(db: Db): Promise<{ users: number }> {
  await run(
    db,
    `create temporary table seed_demo_users on commit drop as select id from users u where ${isDemoUser('u')}`,
  );
  await run(db, 'create index on seed_demo_users (id)');
  await run(db, 'analyze seed_demo_users');

  await run(
    db,
    `with gone as (
      select u.created_at::date as day, 1 as new_users, 0 as walkers, 0::bigint as steps,
        0::bigint as earned, 0::bigint as spent, 0 as redeemed
      from users u join seed_demo_users d on d.id = u.id join roles r on r.id = u.role_id and r.name = 'User'
      union all
      select s.day, 0, (s.steps > 0)::int, s.steps, 0, 0, 0
      from step_logs s join seed_demo_users d on d.id = s.user_id
      union all
      select l.created_at::date, 0, 0, 0,
        case when l.kind in ('steps', 'quiz', 'giftbox') then l.amount else 0 end,
        case when l.kind = 'redeem' then -l.amount else 0 end,
        (l.kind = 'redeem')::int
      from coin_ledger l join seed_demo_users d on d.id = l.user_id
    ), per_day as (
      select day, sum(new_users)::int as new_users, sum(walkers)::int as walkers, sum(steps) as steps,
        sum(earned) as earned, sum(spent) as spent, sum(redeemed)::int as redeemed
      from gone group by day
    )
    update daily_stats t set
      new_users = t.new_users - p.new_users,
      active_walkers = t.active_walkers - p.walkers,
      steps = t.steps - p.steps,
      coins_earned = t.coins_earned - p.earned,
      coins_spent = t.coins_spent - p.spent,
      gift_cards_redeemed = t.gift_cards_redeemed - p.redeemed
    from per_day p where t.day = p.day`,
  );
  await run(
    db,
    `delete from daily_stats where new_users = 0 and active_walkers = 0 and steps = 0 and coins_earned = 0
      and coins_spent = 0 and gift_cards_redeemed = 0`,
  );

  for (const table of ownedByUser) {
    const [other] = await run<{ found: boolean }>(
      db,
      `select exists (select 1 from users u where not exists (select 1 from seed_demo_users d where d.id = u.id)
        and exists (select 1 from ${table} t where t.user_id = u.id)) as found`,
    );
    if (other?.found) await run(db, `delete from ${table} t using seed_demo_users d where t.user_id = d.id`);
    else await run(db, `truncate ${table}`);
  }
  await run(db, `delete from messages m where ${isDemoQuery('m')}`);
  await run(db, `delete from gift_cards g where ${isDemoGiftCard('g')}`);
  await run(db, `delete from notifications n where ${isDemoNotification('n')}`);
  await run(db, `delete from gift_box_configs c where ${isDemoGiftBoxConfig('c')}`);
  await run(db, `delete from quiz_questions q where ${isDemoQuizQuestion('q')}`);
  const deleted = await run<{ n: number }>(
    db,
    `with d as (delete from users u using seed_demo_users s where u.id = s.id returning 1) select count(*)::int as n from d`,
  );
  return { users: deleted[0]?.n ?? 0 };
}
