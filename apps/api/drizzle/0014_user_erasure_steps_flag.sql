-- An app user's erasure (DELETE /app/me) keeps the row, anonymised, so that the ledger, step logs and
-- redeemed gift cards stay consistent: deleted_at says it was erased. steps_flagged_at: since when the
-- user's steps look implausible (the daily cap on several days in a row), for an administrator.
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "steps_flagged_at" timestamp with time zone;