CREATE TABLE "event_waitlist" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registration_cancellations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"ended_from" text NOT NULL,
	"by_organizer" boolean NOT NULL,
	"cancelled_by" uuid,
	"cancelled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registration_cancellations_ended_from_check" CHECK ("registration_cancellations"."ended_from" in ('registered', 'waitlisted'))
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "capacity" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "registration_opens_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "registration_closes_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_waitlist" ADD CONSTRAINT "event_waitlist_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_waitlist" ADD CONSTRAINT "event_waitlist_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_cancellations" ADD CONSTRAINT "registration_cancellations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_cancellations" ADD CONSTRAINT "registration_cancellations_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_cancellations" ADD CONSTRAINT "registration_cancellations_cancelled_by_auth_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_waitlist_event_user_key" ON "event_waitlist" USING btree ("event_id","user_id");--> statement-breakpoint
CREATE INDEX "event_waitlist_event_joined_idx" ON "event_waitlist" USING btree ("event_id","joined_at","id");--> statement-breakpoint
CREATE INDEX "event_waitlist_user_id_idx" ON "event_waitlist" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "registration_cancellations_event_at_idx" ON "registration_cancellations" USING btree ("event_id","cancelled_at","id");--> statement-breakpoint
CREATE INDEX "registration_cancellations_user_id_idx" ON "registration_cancellations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "registration_cancellations_cancelled_by_idx" ON "registration_cancellations" USING btree ("cancelled_by");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_capacity_check" CHECK ("events"."capacity" > 0);--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_registration_window_check" CHECK ("events"."registration_closes_at" > "events"."registration_opens_at");