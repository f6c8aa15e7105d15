CREATE TABLE "coin_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"ref_id" integer,
	"ref_day" date,
	"admin_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_stats" (
	"day" date PRIMARY KEY NOT NULL,
	"new_users" integer DEFAULT 0 NOT NULL,
	"active_walkers" integer DEFAULT 0 NOT NULL,
	"steps" bigint DEFAULT 0 NOT NULL,
	"coins_earned" bigint DEFAULT 0 NOT NULL,
	"coins_spent" bigint DEFAULT 0 NOT NULL,
	"gift_cards_redeemed" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quiz_answers" (
	"user_id" integer NOT NULL,
	"quiz_id" integer NOT NULL,
	"option" integer NOT NULL,
	"is_correct" boolean NOT NULL,
	"coins" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quiz_answers_user_id_quiz_id_pk" PRIMARY KEY("user_id","quiz_id")
);
--> statement-breakpoint
CREATE TABLE "step_logs" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"steps" integer NOT NULL,
	"coins" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "step_logs_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_walked_on" date;--> statement-breakpoint
ALTER TABLE "coin_ledger" ADD CONSTRAINT "coin_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_ledger" ADD CONSTRAINT "coin_ledger_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_answers" ADD CONSTRAINT "quiz_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_answers" ADD CONSTRAINT "quiz_answers_quiz_id_quiz_questions_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quiz_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step_logs" ADD CONSTRAINT "step_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coin_ledger_user_id_idx" ON "coin_ledger" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "coin_ledger_created_at_idx" ON "coin_ledger" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "quiz_answers_quiz_id_idx" ON "quiz_answers" USING btree ("quiz_id");--> statement-breakpoint
CREATE INDEX "step_logs_day_idx" ON "step_logs" USING btree ("day");--> statement-breakpoint
CREATE INDEX "users_last_walked_on_idx" ON "users" USING btree ("last_walked_on");--> statement-breakpoint
-- Dashboard figures per day (decision 0010), kept by statement-level triggers with transition
-- tables: one upsert per day touched by a statement, so a set-based seed of 1,000,000 rows costs a
-- handful of upserts and an app call one. Days are the database's calendar days. History is kept
-- as it happened: deleting a user does not rewrite past days.
CREATE FUNCTION daily_stats_on_users_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO daily_stats (day, new_users)
  SELECT n.created_at::date, count(*)::int
  FROM new_rows n JOIN roles r ON r.id = n.role_id AND r.name = 'User'
  GROUP BY 1
  ON CONFLICT (day) DO UPDATE SET new_users = daily_stats.new_users + excluded.new_users;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_daily_stats AFTER INSERT ON users
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_stats_on_users_insert();
--> statement-breakpoint
CREATE FUNCTION daily_stats_on_step_logs_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO daily_stats (day, active_walkers, steps)
  SELECT n.day, count(*) FILTER (WHERE n.steps > 0)::int, sum(n.steps)
  FROM new_rows n
  GROUP BY n.day
  ON CONFLICT (day) DO UPDATE SET
    active_walkers = daily_stats.active_walkers + excluded.active_walkers,
    steps = daily_stats.steps + excluded.steps;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER step_logs_daily_stats_insert AFTER INSERT ON step_logs
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_stats_on_step_logs_insert();
--> statement-breakpoint
CREATE FUNCTION daily_stats_on_step_logs_update() RETURNS trigger LANGUAGE plpgsql AS $$
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
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER step_logs_daily_stats_update AFTER UPDATE ON step_logs
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_stats_on_step_logs_update();
--> statement-breakpoint
CREATE FUNCTION daily_stats_on_coin_ledger_insert() RETURNS trigger LANGUAGE plpgsql AS $$
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
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER coin_ledger_daily_stats AFTER INSERT ON coin_ledger
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_stats_on_coin_ledger_insert();
--> statement-breakpoint
-- Existing data: the users signed up so far count on their days, and every balance that exists
-- before the ledger becomes an opening adjustment, so total_coins = the sum of the entries holds.
INSERT INTO daily_stats (day, new_users)
SELECT u.created_at::date, count(*)::int FROM users u JOIN roles r ON r.id = u.role_id AND r.name = 'User' GROUP BY 1
ON CONFLICT (day) DO UPDATE SET new_users = excluded.new_users;
--> statement-breakpoint
INSERT INTO coin_ledger (user_id, kind, amount, created_at)
SELECT id, 'adjustment', total_coins, created_at FROM users WHERE total_coins <> 0;
