ALTER TABLE "event_analytics" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "event_analytics_dedupe_key" ON "event_analytics" USING btree ("dedupe_key");