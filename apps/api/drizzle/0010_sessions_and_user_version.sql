CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"audience" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
-- Every server process may keep the sessions it checked lately in memory (plugins/auth); a revoked
-- session is forgotten by all of them at once through NOTIFY on commit: the ids of the sessions a
-- statement revoked, or '*' (forget every session) when there are too many for one message.
CREATE FUNCTION "sessions_revoked_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text;
BEGIN
  SELECT CASE WHEN count(*) > 200 THEN '*' ELSE string_agg(n.id, ',') END INTO ids
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.revoked_at IS NOT NULL AND o.revoked_at IS NULL;
  IF ids IS NOT NULL THEN
    PERFORM pg_notify('strideadmin_session', ids);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "sessions_revoked" AFTER UPDATE ON "sessions"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "sessions_revoked_rows"();
