CREATE TABLE "stored_files" (
	"key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"record_id" text NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_kind_check" CHECK ("stored_files"."kind" in ('avatar', 'event-logo', 'sponsor-logo', 'feed-media'))
);
--> statement-breakpoint
ALTER TABLE "event_invitations" DROP CONSTRAINT "event_invitations_status_check";--> statement-breakpoint
ALTER TABLE "event_invitations" DROP CONSTRAINT "event_invitations_role_check";--> statement-breakpoint
DROP INDEX "event_invitations_pending_key";--> statement-breakpoint
ALTER TABLE "signup_codes" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "event_invitations" ADD COLUMN "sponsor_id" uuid;--> statement-breakpoint
ALTER TABLE "event_invitations" ADD COLUMN "slot" text GENERATED ALWAYS AS (case when role = 'sponsor_representative' then 'sponsor:' || coalesce(sponsor_id::text, '') when role = 'co_owner' then 'co_owner' else 'event' end) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "event_analytics" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "event_id" uuid;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_uploaded_by_auth_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stored_files_kind_record_id_index" ON "stored_files" USING btree ("kind","record_id");--> statement-breakpoint
ALTER TABLE "event_invitations" ADD CONSTRAINT "event_invitations_sponsor_id_sponsors_id_fk" FOREIGN KEY ("sponsor_id") REFERENCES "public"."sponsors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_invitations_sponsor_id_idx" ON "event_invitations" USING btree ("sponsor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_analytics_dedupe_key" ON "event_analytics" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "support_tickets_event_created_idx" ON "support_tickets" USING btree ("event_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_invitations_pending_key" ON "event_invitations" USING btree ("event_id","email","slot") WHERE "event_invitations"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "event_invitations" ADD CONSTRAINT "event_invitations_sponsor_check" CHECK (("event_invitations"."role" = 'sponsor_representative') = ("event_invitations"."sponsor_id" is not null));--> statement-breakpoint
ALTER TABLE "event_invitations" ADD CONSTRAINT "event_invitations_status_check" CHECK ("event_invitations"."status" in ('pending', 'accepted', 'expired', 'revoked', 'declined'));--> statement-breakpoint
ALTER TABLE "event_invitations" ADD CONSTRAINT "event_invitations_role_check" CHECK ("event_invitations"."role" in ('attendee', 'volunteer', 'co_owner', 'sponsor_representative'));