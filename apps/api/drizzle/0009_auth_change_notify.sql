-- Every server process keeps the accounts it authenticated in memory (plugins/auth/cache.ts) and
-- forgets one as soon as what a token depends on changes: password, active flag, role, or the
-- account itself. These triggers tell every process, through NOTIFY on commit.
CREATE FUNCTION "auth_changed_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('strideadmin_auth', OLD.id::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_auth_changed" AFTER UPDATE ON "users" FOR EACH ROW
  WHEN (OLD.password_hash IS DISTINCT FROM NEW.password_hash
     OR OLD.is_active IS DISTINCT FROM NEW.is_active
     OR OLD.role_id IS DISTINCT FROM NEW.role_id)
  EXECUTE FUNCTION "auth_changed_row"();--> statement-breakpoint
-- Deletes per statement: a few ids in one message, or '*' (forget everyone) for a bulk delete
-- such as a demo data re-seed (a NOTIFY payload is at most 8,000 bytes).
CREATE FUNCTION "auth_deleted_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text;
BEGIN
  SELECT CASE WHEN count(*) > 500 THEN '*' ELSE string_agg(id::text, ',') END INTO ids FROM old_rows;
  IF ids IS NOT NULL THEN
    PERFORM pg_notify('strideadmin_auth', ids);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_auth_deleted" AFTER DELETE ON "users" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "auth_deleted_rows"();
