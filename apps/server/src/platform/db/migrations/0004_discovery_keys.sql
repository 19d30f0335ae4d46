-- Written by hand (drizzle-kit cannot declare functions), for the generated columns below; see
-- docs/decisions/0035-discovery-query.md. Generated columns need IMMUTABLE functions. mingle_lower_keys only calls
-- immutable ones. mingle_search_text calls concat_ws and array_to_string, which PostgreSQL marks STABLE because
-- for some types their output depends on settings; on text it does not.
-- The keys matchmaking compares: trimmed, lower-cased, distinct names (as matchOf compares them).
CREATE FUNCTION mingle_lower_keys(names text[]) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(array_agg(DISTINCT lower(btrim(name))), '{}'::text[]) FROM unnest(names) AS name WHERE name IS NOT NULL $$;--> statement-breakpoint
-- What discovery searches, lower-cased, the fields joined by a unit separator so a search never spans two.
CREATE FUNCTION mingle_search_text(full_name text, company text, job_title text, interests text[], goals text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT lower(concat_ws(chr(31), full_name, company, job_title, array_to_string(interests, chr(31)), array_to_string(goals, chr(31)))) $$;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "interest_keys" text[] GENERATED ALWAYS AS (mingle_lower_keys(selected_interests)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "goal_keys" text[] GENERATED ALWAYS AS (mingle_lower_keys(selected_goals)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "search_text" text GENERATED ALWAYS AS (mingle_search_text(full_name, company_or_institution, job_title, selected_interests, selected_goals)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "contact_form_submissions_created_idx" ON "contact_form_submissions" USING btree ("created_at","id");