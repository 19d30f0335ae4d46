-- Discover Attendees ranks in PostgreSQL again, through indexes (docs/decisions/0140-discovery-in-postgresql.md).
-- Written by hand above the generated statements (drizzle-kit declares neither triggers nor extensions): the
-- triggers and functions of migration 0005 kept events.directory_version moving for the per-process directories in
-- memory, which are gone. The functions of migration 0004 stay: the stored keys and search text use them.
DROP TRIGGER IF EXISTS "directory_access_added" ON "user_event_access";--> statement-breakpoint
DROP TRIGGER IF EXISTS "directory_access_moved" ON "user_event_access";--> statement-breakpoint
DROP TRIGGER IF EXISTS "directory_access_removed" ON "user_event_access";--> statement-breakpoint
DROP TRIGGER IF EXISTS "directory_profiles_added" ON "profiles";--> statement-breakpoint
DROP TRIGGER IF EXISTS "directory_profiles_removed" ON "profiles";--> statement-breakpoint
DROP TRIGGER IF EXISTS "directory_profiles_truncated" ON "profiles";--> statement-breakpoint
DROP TRIGGER IF EXISTS "directory_profile_changed" ON "profiles";--> statement-breakpoint
DROP FUNCTION IF EXISTS mingle_access_changed();--> statement-breakpoint
DROP FUNCTION IF EXISTS mingle_profiles_added_or_removed();--> statement-breakpoint
DROP FUNCTION IF EXISTS mingle_profile_changed();--> statement-breakpoint
DROP FUNCTION IF EXISTS mingle_all_directories_changed();--> statement-breakpoint
DROP FUNCTION IF EXISTS mingle_bump_directories(uuid[]);--> statement-breakpoint
-- Trigrams for the search's LIKE '%text%' (a trusted extension: the database owner may create it; on PGlite the
-- server loads it, db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "profiles_interest_keys_idx" ON "profiles" USING gin ("interest_keys");--> statement-breakpoint
CREATE INDEX "profiles_goal_keys_idx" ON "profiles" USING gin ("goal_keys");--> statement-breakpoint
CREATE INDEX "profiles_search_text_trgm_idx" ON "profiles" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "events" DROP COLUMN "directory_version";
