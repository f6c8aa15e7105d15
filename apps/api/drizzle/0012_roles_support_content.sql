-- The two staff roles of the portal (docs/behaviour.md §13 Roles): Support and Content. What each
-- may do is the contract's permission table (packages/contract/src/permissions.ts), not data.
INSERT INTO "roles" ("name") VALUES ('Support'), ('Content') ON CONFLICT ("name") DO NOTHING;
