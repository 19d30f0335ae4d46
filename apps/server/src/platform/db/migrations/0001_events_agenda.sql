ALTER TABLE "sessions" ADD COLUMN "checked_in_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "events_registration_open_start_idx" ON "events" USING btree ("start_date","id") WHERE "events"."registration_open";--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_checked_in_count_check" CHECK ("sessions"."checked_in_count" >= 0);--> statement-breakpoint
UPDATE "sessions" SET "checked_in_count" = (SELECT count(*) FROM "session_attendance" WHERE "session_attendance"."session_id" = "sessions"."id");
