CREATE TABLE "consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"version" text,
	"given_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone,
	CONSTRAINT "consents_kind_check" CHECK ("consents"."kind" in ('terms', 'share_with_sponsors')),
	CONSTRAINT "consents_withdrawn_check" CHECK ("consents"."withdrawn_at" is null or "consents"."withdrawn_at" >= "consents"."given_at")
);
--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consents_open_key" ON "consents" USING btree ("user_id","kind") WHERE "consents"."withdrawn_at" is null;--> statement-breakpoint
CREATE INDEX "consents_user_kind_idx" ON "consents" USING btree ("user_id","kind","given_at");--> statement-breakpoint
-- Everyone who passed the terms gate before consents were kept gave both at that moment: the gate asks both boxes.
INSERT INTO "consents" ("user_id", "kind", "version", "given_at")
SELECT "id", 'terms', '2026-11', "terms_accepted_at" FROM "profiles" WHERE "terms_accepted_at" IS NOT NULL;--> statement-breakpoint
INSERT INTO "consents" ("user_id", "kind", "version", "given_at")
SELECT "id", 'share_with_sponsors', NULL, "terms_accepted_at" FROM "profiles" WHERE "terms_accepted_at" IS NOT NULL;
