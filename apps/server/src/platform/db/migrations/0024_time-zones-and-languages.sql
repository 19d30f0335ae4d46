ALTER TABLE "sessions" DROP CONSTRAINT "sessions_timezone_check";--> statement-breakpoint
ALTER TABLE "auth_users" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "timezone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_users" ADD CONSTRAINT "auth_users_language_check" CHECK ("auth_users"."language" in ('en', 'de', 'fr', 'es'));--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_timezone_check" CHECK ("events"."timezone" ~ '^(UTC|[A-Z][A-Za-z]*(/[A-Z0-9][A-Za-z0-9_+-]*)+)$');--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_timezone_check" CHECK ("sessions"."timezone" ~ '^(UTC|[A-Z][A-Za-z]*(/[A-Z0-9][A-Za-z0-9_+-]*)+)$');