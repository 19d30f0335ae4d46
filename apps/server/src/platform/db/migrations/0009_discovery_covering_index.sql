-- Discover Attendees reads, for every listed person, only the id, the creation time and the two key arrays; the
-- profile's row is wide (bio, search text, URLs), and reading those late columns from 75,000 heap rows was half of
-- "Recommended for you" at 50,000 people in one event (decision 0140, "If 50,000 misses"). This index holds exactly
-- those columns, for the people in the directory, so the ranking scans it alone (an index-only scan, as the
-- visibility map allows: autovacuum on a server). Written by hand: drizzle's index builder has no INCLUDE.
CREATE INDEX IF NOT EXISTS "profiles_discovery_idx" ON "profiles" ("id") INCLUDE ("created_at", "interest_keys", "goal_keys") WHERE "discoverable";
