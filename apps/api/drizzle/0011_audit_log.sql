CREATE TABLE "audit_anchor" (
	"id" integer PRIMARY KEY NOT NULL,
	"last_id" bigint NOT NULL,
	"last_hash" text NOT NULL,
	"pruned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"actor_name" text,
	"actor_email" text,
	"action" text NOT NULL,
	"entity" text,
	"entity_id" text,
	"entity_ids" jsonb,
	"changes" jsonb,
	"client_ip" text,
	"user_agent" text,
	"request_id" text,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "audit_entries_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE INDEX "audit_entries_at_idx" ON "audit_entries" USING btree ("at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_entries_actor_idx" ON "audit_entries" USING btree ("actor_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_entries_entity_idx" ON "audit_entries" USING btree ("entity","entity_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_entries_action_idx" ON "audit_entries" USING btree ("action","at" DESC NULLS LAST);--> statement-breakpoint-- The audit log is append-only (docs/operations/audit-log.md): UPDATE, DELETE and TRUNCATE of
-- audit_entries, and any change of audit_anchor, are refused, except inside
-- strideadmin_audit_prune (retention), which sets the transaction-local strideadmin.audit_retention
-- for its own statements. A guard against mistakes and the app's own code paths, not against a
-- database superuser (who can disable a trigger): the hash chain is what shows tampering by anyone.
CREATE FUNCTION "audit_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'INSERT', 'UPDATE') AND current_setting('strideadmin.audit_retention', true) = 'on' THEN
    RETURN NULL;
  END IF;
  RAISE EXCEPTION 'audit entries are append-only'
    USING ERRCODE = 'insufficient_privilege', DETAIL = format('%s on %s refused', TG_OP, TG_TABLE_NAME);
END $$;--> statement-breakpoint
CREATE TRIGGER "audit_entries_append_only" BEFORE UPDATE OR DELETE ON "audit_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_entries_no_truncate" BEFORE TRUNCATE ON "audit_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_anchor_guarded" BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "audit_anchor"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_append_only"();--> statement-breakpoint
-- Retention: removes every entry up to and including `through_id` and records the last removed
-- entry's id and hash in audit_anchor, where verification then starts. Returns how many went.
CREATE FUNCTION "strideadmin_audit_prune"(through_id bigint) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  last_hash text;
  removed bigint;
BEGIN
  SELECT hash INTO last_hash FROM audit_entries WHERE id = through_id;
  IF last_hash IS NULL THEN
    RAISE EXCEPTION 'audit entry % does not exist', through_id;
  END IF;
  PERFORM set_config('strideadmin.audit_retention', 'on', true);
  DELETE FROM audit_entries WHERE id <= through_id;
  GET DIAGNOSTICS removed = ROW_COUNT;
  INSERT INTO audit_anchor (id, last_id, last_hash, pruned_at) VALUES (1, through_id, last_hash, now())
    ON CONFLICT (id) DO UPDATE SET last_id = EXCLUDED.last_id, last_hash = EXCLUDED.last_hash,
      pruned_at = EXCLUDED.pruned_at;
  PERFORM set_config('strideadmin.audit_retention', '', true);
  RETURN removed;
END $$;
