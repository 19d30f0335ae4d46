ALTER TABLE "event_invitations" ADD COLUMN "role" text DEFAULT 'attendee' NOT NULL;--> statement-breakpoint
ALTER TABLE "event_invitations" ADD COLUMN "allocated_goodies" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "event_invitations_event_created_idx" ON "event_invitations" USING btree ("event_id","created_at","id");--> statement-breakpoint
ALTER TABLE "event_invitations" ADD CONSTRAINT "event_invitations_role_check" CHECK ("event_invitations"."role" in ('attendee', 'volunteer'));--> statement-breakpoint
ALTER TABLE "event_invitations" ADD CONSTRAINT "event_invitations_allocated_check" CHECK ("event_invitations"."allocated_goodies" >= 0);