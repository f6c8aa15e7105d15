CREATE TABLE "hourly_stats" (
	"hour" timestamp with time zone PRIMARY KEY NOT NULL,
	"new_users" integer DEFAULT 0 NOT NULL,
	"active_walkers" integer DEFAULT 0 NOT NULL,
	"steps" bigint DEFAULT 0 NOT NULL,
	"coins_earned" bigint DEFAULT 0 NOT NULL,
	"coins_spent" bigint DEFAULT 0 NOT NULL,
	"gift_cards_redeemed" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Today's figures by hour (the dashboard's Today), written by the daily_stats triggers beside the
-- day's row: the day's row first, then the hour's, in every trigger, so two transactions always
-- take the two locks in the same order. Only activity of the current day has an hour: a late sync
-- of an earlier day, or a seed of past rows, moves days only.
CREATE OR REPLACE FUNCTION daily_stats_on_users_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO daily_stats (day, new_users)
  SELECT n.created_at::date, count(*)::int
  FROM new_rows n JOIN roles r ON r.id = n.role_id AND r.name = 'User'
  GROUP BY 1
  ON CONFLICT (day) DO UPDATE SET new_users = daily_stats.new_users + excluded.new_users;
  INSERT INTO hourly_stats (hour, new_users)
  SELECT date_trunc('hour', n.created_at), count(*)::int
  FROM new_rows n JOIN roles r ON r.id = n.role_id AND r.name = 'User'
  WHERE n.created_at::date = current_date
  GROUP BY 1
  ON CONFLICT (hour) DO UPDATE SET new_users = hourly_stats.new_users + excluded.new_users;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION daily_stats_on_step_logs_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO daily_stats (day, active_walkers, steps)
  SELECT n.day, count(*) FILTER (WHERE n.steps > 0)::int, sum(n.steps)
  FROM new_rows n
  GROUP BY n.day
  ON CONFLICT (day) DO UPDATE SET
    active_walkers = daily_stats.active_walkers + excluded.active_walkers,
    steps = daily_stats.steps + excluded.steps;
  INSERT INTO hourly_stats (hour, active_walkers, steps)
  SELECT date_trunc('hour', now()), count(*) FILTER (WHERE n.steps > 0)::int, sum(n.steps)
  FROM new_rows n
  WHERE n.day = current_date
  HAVING count(*) > 0
  ON CONFLICT (hour) DO UPDATE SET
    active_walkers = hourly_stats.active_walkers + excluded.active_walkers,
    steps = hourly_stats.steps + excluded.steps;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION daily_stats_on_step_logs_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO daily_stats (day, active_walkers, steps)
  SELECT n.day,
    (count(*) FILTER (WHERE n.steps > 0) - count(*) FILTER (WHERE o.steps > 0))::int,
    sum(n.steps - o.steps)
  FROM new_rows n JOIN old_rows o ON o.user_id = n.user_id AND o.day = n.day
  GROUP BY n.day
  ON CONFLICT (day) DO UPDATE SET
    active_walkers = daily_stats.active_walkers + excluded.active_walkers,
    steps = daily_stats.steps + excluded.steps;
  INSERT INTO hourly_stats (hour, active_walkers, steps)
  SELECT date_trunc('hour', now()),
    (count(*) FILTER (WHERE n.steps > 0) - count(*) FILTER (WHERE o.steps > 0))::int,
    sum(n.steps - o.steps)
  FROM new_rows n JOIN old_rows o ON o.user_id = n.user_id AND o.day = n.day
  WHERE n.day = current_date
  HAVING count(*) > 0
  ON CONFLICT (hour) DO UPDATE SET
    active_walkers = hourly_stats.active_walkers + excluded.active_walkers,
    steps = hourly_stats.steps + excluded.steps;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION daily_stats_on_coin_ledger_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO daily_stats (day, coins_earned, coins_spent, gift_cards_redeemed)
  SELECT n.created_at::date,
    coalesce(sum(n.amount) FILTER (WHERE n.kind IN ('steps', 'quiz', 'giftbox')), 0),
    coalesce(-sum(n.amount) FILTER (WHERE n.kind = 'redeem'), 0),
    count(*) FILTER (WHERE n.kind = 'redeem')::int
  FROM new_rows n
  GROUP BY 1
  ON CONFLICT (day) DO UPDATE SET
    coins_earned = daily_stats.coins_earned + excluded.coins_earned,
    coins_spent = daily_stats.coins_spent + excluded.coins_spent,
    gift_cards_redeemed = daily_stats.gift_cards_redeemed + excluded.gift_cards_redeemed;
  INSERT INTO hourly_stats (hour, coins_earned, coins_spent, gift_cards_redeemed)
  SELECT date_trunc('hour', n.created_at),
    coalesce(sum(n.amount) FILTER (WHERE n.kind IN ('steps', 'quiz', 'giftbox')), 0),
    coalesce(-sum(n.amount) FILTER (WHERE n.kind = 'redeem'), 0),
    count(*) FILTER (WHERE n.kind = 'redeem')::int
  FROM new_rows n
  WHERE n.created_at::date = current_date
  GROUP BY 1
  ON CONFLICT (hour) DO UPDATE SET
    coins_earned = hourly_stats.coins_earned + excluded.coins_earned,
    coins_spent = hourly_stats.coins_spent + excluded.coins_spent,
    gift_cards_redeemed = hourly_stats.gift_cards_redeemed + excluded.gift_cards_redeemed;
  RETURN NULL;
END $$;
