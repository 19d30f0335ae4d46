CREATE TABLE "check_in_points" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "check_ins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"point_id" uuid,
	"checked_in_at" timestamp with time zone NOT NULL,
	"checked_in_by" uuid,
	"client_check_in_id" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" uuid,
	CONSTRAINT "check_ins_undone_check" CHECK ("check_ins"."undone_by" is null or "check_ins"."undone_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "goodies_require_check_in" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "check_in_points" ADD CONSTRAINT "check_in_points_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_point_id_check_in_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."check_in_points"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_checked_in_by_auth_users_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_undone_by_auth_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "check_in_points_event_name_key" ON "check_in_points" USING btree ("event_id",lower("name"));--> statement-breakpoint
CREATE INDEX "check_in_points_event_position_idx" ON "check_in_points" USING btree ("event_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "check_ins_active_key" ON "check_ins" USING btree ("event_id","user_id",coalesce("point_id", '00000000-0000-0000-0000-000000000000'::uuid)) WHERE "check_ins"."undone_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "check_ins_client_key" ON "check_ins" USING btree ("checked_in_by","client_check_in_id");--> statement-breakpoint
CREATE INDEX "check_ins_event_at_idx" ON "check_ins" USING btree ("event_id","checked_in_at","id");--> statement-breakpoint
CREATE INDEX "check_ins_user_id_idx" ON "check_ins" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "check_ins_point_id_idx" ON "check_ins" USING btree ("point_id");--> statement-breakpoint
CREATE INDEX "check_ins_undone_by_idx" ON "check_ins" USING btree ("undone_by");