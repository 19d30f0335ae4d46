ALTER TABLE "signup_codes" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "event_analytics" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "event_id" uuid;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_analytics_dedupe_key" ON "event_analytics" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "support_tickets_event_created_idx" ON "support_tickets" USING btree ("event_id","created_at","id");