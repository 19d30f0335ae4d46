CREATE TABLE "auth_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_rate_limits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"last_request" bigint NOT NULL,
	CONSTRAINT "auth_rate_limits_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "auth_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" uuid NOT NULL,
	CONSTRAINT "auth_sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "auth_two_factors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"secret" text NOT NULL,
	"backup_codes" text NOT NULL,
	"user_id" uuid NOT NULL,
	"verified" boolean DEFAULT true,
	"failed_verification_count" integer DEFAULT 0,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "auth_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"two_factor_enabled" boolean DEFAULT false,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer NOT NULL,
	"expire" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "signup_codes" (
	"email" text PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"password_hash" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts_left" integer NOT NULL,
	"verified_token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signup_codes_attempts_check" CHECK ("signup_codes"."attempts_left" >= 0)
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_roles_user_id_role_pk" PRIMARY KEY("user_id","role"),
	CONSTRAINT "user_roles_role_check" CHECK ("user_roles"."role" in ('super_admin', 'event_owner', 'event_volunteer', 'lbs_staff', 'lbs_faculty', 'registered_user'))
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" uuid PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"user_type" text,
	"company_or_institution" text,
	"job_title" text,
	"selected_interests" text[] DEFAULT '{}'::text[] NOT NULL,
	"selected_goals" text[] DEFAULT '{}'::text[] NOT NULL,
	"bio" text,
	"linkedin_url" text,
	"github_url" text,
	"show_linkedin" boolean DEFAULT true NOT NULL,
	"show_github" boolean DEFAULT true NOT NULL,
	"avatar_url" text,
	"level" integer DEFAULT 1 NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"total_interactions" integer DEFAULT 0 NOT NULL,
	"terms_accepted_at" timestamp with time zone,
	"qr_token_hash" text,
	"qr_token_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_user_type_check" CHECK ("profiles"."user_type" in ('student', 'recruiter', 'working_professional', 'academic_researcher', 'other')),
	CONSTRAINT "profiles_level_check" CHECK ("profiles"."level" between 1 and 5),
	CONSTRAINT "profiles_points_check" CHECK ("profiles"."points" >= 0),
	CONSTRAINT "profiles_total_interactions_check" CHECK ("profiles"."total_interactions" >= 0),
	CONSTRAINT "profiles_qr_token_check" CHECK (("profiles"."qr_token_hash" is null) = ("profiles"."qr_token_expires_at" is null))
);
--> statement-breakpoint
CREATE TABLE "event_attendees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"goodies_received" boolean DEFAULT false NOT NULL,
	"goodies_received_at" timestamp with time zone,
	"goodies_received_from" uuid,
	CONSTRAINT "event_attendees_goodies_check" CHECK ("event_attendees"."goodies_received" = ("event_attendees"."goodies_received_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "event_co_owners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"promoted_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_invitations_status_check" CHECK ("event_invitations"."status" in ('pending', 'accepted', 'expired', 'revoked')),
	CONSTRAINT "event_invitations_email_check" CHECK ("event_invitations"."email" = lower("event_invitations"."email")),
	CONSTRAINT "event_invitations_accepted_check" CHECK (("event_invitations"."status" = 'accepted') = ("event_invitations"."accepted_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "event_volunteers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"allocated_goodies" integer DEFAULT 0 NOT NULL,
	"distributed_goodies" integer DEFAULT 0 NOT NULL,
	"added_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_volunteers_allocated_check" CHECK ("event_volunteers"."allocated_goodies" >= 0),
	CONSTRAINT "event_volunteers_distributed_check" CHECK ("event_volunteers"."distributed_goodies" >= 0),
	CONSTRAINT "event_volunteers_remaining_check" CHECK ("event_volunteers"."distributed_goodies" <= "event_volunteers"."allocated_goodies")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"custom_domain" text,
	"description" text,
	"logo_url" text,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"event_type" text DEFAULT 'in_person' NOT NULL,
	"location" text,
	"allow_attendee_networking" boolean DEFAULT false NOT NULL,
	"allow_session_meetings" boolean DEFAULT true NOT NULL,
	"registration_open" boolean DEFAULT false NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_event_type_check" CHECK ("events"."event_type" in ('in_person', 'virtual', 'hybrid')),
	CONSTRAINT "events_dates_check" CHECK ("events"."end_date" > "events"."start_date"),
	CONSTRAINT "events_slug_check" CHECK ("events"."slug" ~ '^[a-z0-9-]+$'),
	CONSTRAINT "events_custom_domain_check" CHECK ("events"."custom_domain" = lower("events"."custom_domain") and "events"."custom_domain" <> '')
);
--> statement-breakpoint
CREATE TABLE "goodie_distributions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"participant_id" uuid NOT NULL,
	"volunteer_id" uuid,
	"client_scan_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "goodie_distributions_self_check" CHECK ("goodie_distributions"."participant_id" <> "goodie_distributions"."volunteer_id")
);
--> statement-breakpoint
CREATE TABLE "user_event_access" (
	"user_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"access_type" text NOT NULL,
	"granted_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_event_access_user_id_event_id_pk" PRIMARY KEY("user_id","event_id"),
	CONSTRAINT "user_event_access_access_type_check" CHECK ("user_event_access"."access_type" in ('registered_attendee', 'invited', 'organizer'))
);
--> statement-breakpoint
CREATE TABLE "session_attendance" (
	"session_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"checked_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_attendance_session_id_user_id_pk" PRIMARY KEY("session_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "session_bookmarks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"speaker_name" text,
	"speaker_bio" text,
	"session_type" text DEFAULT 'topic' NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"location" text,
	"max_capacity" integer,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"networking_slots_open" boolean DEFAULT false NOT NULL,
	"host_name" text,
	"reference_url" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_session_type_check" CHECK ("sessions"."session_type" in ('topic', 'break', 'networking', 'workshop')),
	CONSTRAINT "sessions_timezone_check" CHECK ("sessions"."timezone" in ('UTC', 'America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles', 'Europe/London', 'Europe/Paris', 'Europe/Berlin', 'Asia/Dubai', 'Asia/Kolkata', 'Asia/Singapore', 'Asia/Tokyo', 'Australia/Sydney')),
	CONSTRAINT "sessions_times_check" CHECK ("sessions"."end_time" > "sessions"."start_time"),
	CONSTRAINT "sessions_max_capacity_check" CHECK ("sessions"."max_capacity" > 0),
	CONSTRAINT "sessions_tags_check" CHECK (cardinality("sessions"."tags") <= 10),
	CONSTRAINT "sessions_workshop_host_check" CHECK ("sessions"."session_type" <> 'workshop' or "sessions"."host_name" is not null)
);
--> statement-breakpoint
CREATE TABLE "networking_goals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"event_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "networking_goals_name_check" CHECK ("networking_goals"."name" = btrim("networking_goals"."name") and "networking_goals"."name" <> ''),
	CONSTRAINT "networking_goals_default_check" CHECK (not "networking_goals"."is_default" or "networking_goals"."event_id" is null)
);
--> statement-breakpoint
CREATE TABLE "professional_interests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"event_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "professional_interests_name_check" CHECK ("professional_interests"."name" = btrim("professional_interests"."name") and "professional_interests"."name" <> ''),
	CONSTRAINT "professional_interests_default_check" CHECK (not "professional_interests"."is_default" or "professional_interests"."event_id" is null)
);
--> statement-breakpoint
CREATE TABLE "user_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id_1" uuid NOT NULL,
	"user_id_2" uuid NOT NULL,
	"connection_type" text NOT NULL,
	"event_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_connections_order_check" CHECK ("user_connections"."user_id_1" < "user_connections"."user_id_2"),
	CONSTRAINT "user_connections_connection_type_check" CHECK ("user_connections"."connection_type" in ('discovery', 'qr_scan'))
);
--> statement-breakpoint
CREATE TABLE "user_interactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"initiator_id" uuid NOT NULL,
	"recipient_id" uuid NOT NULL,
	"interaction_type" text NOT NULL,
	"points_awarded" integer DEFAULT 0 NOT NULL,
	"event_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_interactions_interaction_type_check" CHECK ("user_interactions"."interaction_type" in ('connection_made')),
	CONSTRAINT "user_interactions_points_check" CHECK ("user_interactions"."points_awarded" >= 0),
	CONSTRAINT "user_interactions_self_check" CHECK ("user_interactions"."initiator_id" <> "user_interactions"."recipient_id")
);
--> statement-breakpoint
CREATE TABLE "meetings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid,
	"requester_id" uuid NOT NULL,
	"recipient_id" uuid NOT NULL,
	"proposed_time" timestamp with time zone NOT NULL,
	"confirmed_time" timestamp with time zone,
	"duration_minutes" integer DEFAULT 30 NOT NULL,
	"meeting_type" text DEFAULT 'virtual' NOT NULL,
	"location" text,
	"agenda" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meetings_status_check" CHECK ("meetings"."status" in ('pending', 'accepted', 'declined', 'cancelled')),
	CONSTRAINT "meetings_meeting_type_check" CHECK ("meetings"."meeting_type" in ('virtual', 'in_person')),
	CONSTRAINT "meetings_duration_check" CHECK ("meetings"."duration_minutes" between 15 and 180),
	CONSTRAINT "meetings_self_check" CHECK ("meetings"."requester_id" <> "meetings"."recipient_id"),
	CONSTRAINT "meetings_confirmed_check" CHECK ("meetings"."status" <> 'accepted' or "meetings"."confirmed_time" is not null),
	CONSTRAINT "meetings_virtual_location_check" CHECK ("meetings"."meeting_type" <> 'virtual' or "meetings"."location" is null)
);
--> statement-breakpoint
CREATE TABLE "blocked_users" (
	"user_id" uuid NOT NULL,
	"blocked_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocked_users_user_id_blocked_user_id_pk" PRIMARY KEY("user_id","blocked_user_id"),
	CONSTRAINT "blocked_users_self_check" CHECK ("blocked_users"."user_id" <> "blocked_users"."blocked_user_id")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sender_id" uuid NOT NULL,
	"recipient_id" uuid NOT NULL,
	"content" text NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_self_check" CHECK ("messages"."sender_id" <> "messages"."recipient_id")
);
--> statement-breakpoint
CREATE TABLE "sponsor_leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sponsor_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"interest_level" text DEFAULT 'medium' NOT NULL,
	"notes" text,
	"contact_requested" boolean DEFAULT false NOT NULL,
	"visited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sponsor_leads_interest_level_check" CHECK ("sponsor_leads"."interest_level" in ('low', 'medium', 'high'))
);
--> statement-breakpoint
CREATE TABLE "sponsor_representatives" (
	"sponsor_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"added_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sponsor_representatives_sponsor_id_user_id_pk" PRIMARY KEY("sponsor_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "sponsors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"company_name" text NOT NULL,
	"tier" text DEFAULT 'exhibitor' NOT NULL,
	"logo_url" text,
	"website_url" text,
	"description" text,
	"contact_email" text,
	"contact_phone" text,
	"booth_number" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sponsors_id_event_key" UNIQUE("id","event_id"),
	CONSTRAINT "sponsors_tier_check" CHECK ("sponsors"."tier" in ('platinum', 'gold', 'silver', 'bronze', 'exhibitor'))
);
--> statement-breakpoint
CREATE TABLE "event_feed" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"content" text NOT NULL,
	"is_pinned" boolean DEFAULT false NOT NULL,
	"media_url" text,
	"media_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_feed_media_type_check" CHECK ("event_feed"."media_type" in ('image', 'video')),
	CONSTRAINT "event_feed_media_check" CHECK (("event_feed"."media_url" is null) = ("event_feed"."media_type" is null))
);
--> statement-breakpoint
CREATE TABLE "event_feed_likes" (
	"feed_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_feed_likes_feed_id_user_id_pk" PRIMARY KEY("feed_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "qa_upvotes" (
	"question_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qa_upvotes_question_id_user_id_pk" PRIMARY KEY("question_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "session_qa" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"question" text NOT NULL,
	"is_anonymous" boolean DEFAULT false NOT NULL,
	"upvotes" integer DEFAULT 0 NOT NULL,
	"is_answered" boolean DEFAULT false NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	"answered_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_qa_upvotes_check" CHECK ("session_qa"."upvotes" >= 0),
	CONSTRAINT "session_qa_answered_check" CHECK (not "session_qa"."is_answered" or "session_qa"."answered_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "event_analytics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"metric_type" text NOT NULL,
	"user_id" uuid,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_analytics_metric_type_check" CHECK ("event_analytics"."metric_type" in ('registration', 'page_view', 'session_view', 'booth_visit', 'meeting_request', 'engagement'))
);
--> statement-breakpoint
CREATE TABLE "sponsor_analytics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sponsor_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"user_id" uuid,
	"action_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sponsor_analytics_action_type_check" CHECK ("sponsor_analytics"."action_type" in ('booth_visit', 'website_click', 'contact_click'))
);
--> statement-breakpoint
CREATE TABLE "contact_form_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_form_submissions_status_check" CHECK ("contact_form_submissions"."status" in ('new', 'read', 'replied'))
);
--> statement-breakpoint
CREATE TABLE "support_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"user_email" text NOT NULL,
	"user_full_name" text NOT NULL,
	"user_phone" text,
	"subject" text NOT NULL,
	"description" text NOT NULL,
	"ticket_type" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"priority" text DEFAULT 'medium' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_tickets_ticket_type_check" CHECK ("support_tickets"."ticket_type" in ('support', 'bug', 'feedback_to_developers', 'feature_request', 'incident', 'feedback')),
	CONSTRAINT "support_tickets_status_check" CHECK ("support_tickets"."status" in ('open', 'in_progress', 'resolved', 'closed')),
	CONSTRAINT "support_tickets_priority_check" CHECK ("support_tickets"."priority" in ('low', 'medium', 'high', 'urgent'))
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"status" text NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mail_outbox_status_check" CHECK ("mail_outbox"."status" in ('stored', 'queued', 'sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "auth_accounts" ADD CONSTRAINT "auth_accounts_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_two_factors" ADD CONSTRAINT "auth_two_factors_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_id_auth_users_id_fk" FOREIGN KEY ("id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_attendees" ADD CONSTRAINT "event_attendees_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_attendees" ADD CONSTRAINT "event_attendees_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_attendees" ADD CONSTRAINT "event_attendees_goodies_received_from_auth_users_id_fk" FOREIGN KEY ("goodies_received_from") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_co_owners" ADD CONSTRAINT "event_co_owners_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_co_owners" ADD CONSTRAINT "event_co_owners_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_co_owners" ADD CONSTRAINT "event_co_owners_promoted_by_auth_users_id_fk" FOREIGN KEY ("promoted_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_invitations" ADD CONSTRAINT "event_invitations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_invitations" ADD CONSTRAINT "event_invitations_invited_by_auth_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_volunteers" ADD CONSTRAINT "event_volunteers_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_volunteers" ADD CONSTRAINT "event_volunteers_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_volunteers" ADD CONSTRAINT "event_volunteers_added_by_auth_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goodie_distributions" ADD CONSTRAINT "goodie_distributions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goodie_distributions" ADD CONSTRAINT "goodie_distributions_participant_id_auth_users_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goodie_distributions" ADD CONSTRAINT "goodie_distributions_volunteer_id_auth_users_id_fk" FOREIGN KEY ("volunteer_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_event_access" ADD CONSTRAINT "user_event_access_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_event_access" ADD CONSTRAINT "user_event_access_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_event_access" ADD CONSTRAINT "user_event_access_granted_by_auth_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_attendance" ADD CONSTRAINT "session_attendance_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_attendance" ADD CONSTRAINT "session_attendance_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_bookmarks" ADD CONSTRAINT "session_bookmarks_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_bookmarks" ADD CONSTRAINT "session_bookmarks_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networking_goals" ADD CONSTRAINT "networking_goals_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networking_goals" ADD CONSTRAINT "networking_goals_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_interests" ADD CONSTRAINT "professional_interests_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_interests" ADD CONSTRAINT "professional_interests_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_connections" ADD CONSTRAINT "user_connections_user_id_1_auth_users_id_fk" FOREIGN KEY ("user_id_1") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_connections" ADD CONSTRAINT "user_connections_user_id_2_auth_users_id_fk" FOREIGN KEY ("user_id_2") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_connections" ADD CONSTRAINT "user_connections_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_interactions" ADD CONSTRAINT "user_interactions_initiator_id_auth_users_id_fk" FOREIGN KEY ("initiator_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_interactions" ADD CONSTRAINT "user_interactions_recipient_id_auth_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_interactions" ADD CONSTRAINT "user_interactions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_requester_id_auth_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_recipient_id_auth_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocked_users" ADD CONSTRAINT "blocked_users_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocked_users" ADD CONSTRAINT "blocked_users_blocked_user_id_auth_users_id_fk" FOREIGN KEY ("blocked_user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_auth_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_recipient_id_auth_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsor_leads" ADD CONSTRAINT "sponsor_leads_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsor_leads" ADD CONSTRAINT "sponsor_leads_sponsor_event_fk" FOREIGN KEY ("sponsor_id","event_id") REFERENCES "public"."sponsors"("id","event_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsor_representatives" ADD CONSTRAINT "sponsor_representatives_sponsor_id_sponsors_id_fk" FOREIGN KEY ("sponsor_id") REFERENCES "public"."sponsors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsor_representatives" ADD CONSTRAINT "sponsor_representatives_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsor_representatives" ADD CONSTRAINT "sponsor_representatives_added_by_auth_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsors" ADD CONSTRAINT "sponsors_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsors" ADD CONSTRAINT "sponsors_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_feed" ADD CONSTRAINT "event_feed_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_feed" ADD CONSTRAINT "event_feed_author_id_auth_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_feed_likes" ADD CONSTRAINT "event_feed_likes_feed_id_event_feed_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."event_feed"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_feed_likes" ADD CONSTRAINT "event_feed_likes_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_upvotes" ADD CONSTRAINT "qa_upvotes_question_id_session_qa_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."session_qa"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_upvotes" ADD CONSTRAINT "qa_upvotes_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_qa" ADD CONSTRAINT "session_qa_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_qa" ADD CONSTRAINT "session_qa_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_qa" ADD CONSTRAINT "session_qa_answered_by_auth_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_analytics" ADD CONSTRAINT "event_analytics_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_analytics" ADD CONSTRAINT "event_analytics_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsor_analytics" ADD CONSTRAINT "sponsor_analytics_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsor_analytics" ADD CONSTRAINT "sponsor_analytics_sponsor_event_fk" FOREIGN KEY ("sponsor_id","event_id") REFERENCES "public"."sponsors"("id","event_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_accounts_user_id_idx" ON "auth_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_accounts_provider_account_key" ON "auth_accounts" USING btree ("provider_id","account_id");--> statement-breakpoint
CREATE INDEX "auth_sessions_user_id_idx" ON "auth_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_two_factors_user_id_idx" ON "auth_two_factors" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_two_factors_secret_idx" ON "auth_two_factors" USING btree ("secret");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_users_email_key" ON "auth_users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "auth_verifications_identifier_idx" ON "auth_verifications" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "user_roles_role_idx" ON "user_roles" USING btree ("role");--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_qr_token_hash_key" ON "profiles" USING btree ("qr_token_hash");--> statement-breakpoint
CREATE INDEX "profiles_created_at_idx" ON "profiles" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_attendees_event_user_key" ON "event_attendees" USING btree ("event_id","user_id");--> statement-breakpoint
CREATE INDEX "event_attendees_user_id_idx" ON "event_attendees" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "event_attendees_event_registered_idx" ON "event_attendees" USING btree ("event_id","registered_at","id");--> statement-breakpoint
CREATE INDEX "event_attendees_goodies_idx" ON "event_attendees" USING btree ("event_id","goodies_received_at") WHERE "event_attendees"."goodies_received";--> statement-breakpoint
CREATE INDEX "event_attendees_goodies_from_idx" ON "event_attendees" USING btree ("goodies_received_from");--> statement-breakpoint
CREATE UNIQUE INDEX "event_co_owners_event_user_key" ON "event_co_owners" USING btree ("event_id","user_id");--> statement-breakpoint
CREATE INDEX "event_co_owners_user_id_idx" ON "event_co_owners" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "event_co_owners_promoted_by_idx" ON "event_co_owners" USING btree ("promoted_by");--> statement-breakpoint
CREATE UNIQUE INDEX "event_invitations_token_hash_key" ON "event_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "event_invitations_event_email_idx" ON "event_invitations" USING btree ("event_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "event_invitations_pending_key" ON "event_invitations" USING btree ("event_id","email") WHERE "event_invitations"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "event_invitations_email_idx" ON "event_invitations" USING btree ("email");--> statement-breakpoint
CREATE INDEX "event_invitations_invited_by_idx" ON "event_invitations" USING btree ("invited_by");--> statement-breakpoint
CREATE UNIQUE INDEX "event_volunteers_event_user_key" ON "event_volunteers" USING btree ("event_id","user_id");--> statement-breakpoint
CREATE INDEX "event_volunteers_user_id_idx" ON "event_volunteers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "event_volunteers_added_by_idx" ON "event_volunteers" USING btree ("added_by");--> statement-breakpoint
CREATE UNIQUE INDEX "events_slug_key" ON "events" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "events_custom_domain_key" ON "events" USING btree ("custom_domain");--> statement-breakpoint
CREATE INDEX "events_created_by_start_date_idx" ON "events" USING btree ("created_by","start_date","id");--> statement-breakpoint
CREATE INDEX "events_start_date_idx" ON "events" USING btree ("start_date","id");--> statement-breakpoint
CREATE INDEX "events_end_date_idx" ON "events" USING btree ("end_date");--> statement-breakpoint
CREATE UNIQUE INDEX "goodie_distributions_event_participant_key" ON "goodie_distributions" USING btree ("event_id","participant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "goodie_distributions_volunteer_scan_key" ON "goodie_distributions" USING btree ("volunteer_id","client_scan_id") WHERE "goodie_distributions"."client_scan_id" is not null;--> statement-breakpoint
CREATE INDEX "goodie_distributions_event_created_idx" ON "goodie_distributions" USING btree ("event_id","created_at","id");--> statement-breakpoint
CREATE INDEX "goodie_distributions_volunteer_created_idx" ON "goodie_distributions" USING btree ("volunteer_id","created_at");--> statement-breakpoint
CREATE INDEX "goodie_distributions_participant_id_idx" ON "goodie_distributions" USING btree ("participant_id");--> statement-breakpoint
CREATE INDEX "user_event_access_event_id_idx" ON "user_event_access" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "user_event_access_granted_by_idx" ON "user_event_access" USING btree ("granted_by");--> statement-breakpoint
CREATE INDEX "session_attendance_user_id_idx" ON "session_attendance" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "session_bookmarks_session_user_key" ON "session_bookmarks" USING btree ("session_id","user_id");--> statement-breakpoint
CREATE INDEX "session_bookmarks_user_created_idx" ON "session_bookmarks" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "sessions_event_start_idx" ON "sessions" USING btree ("event_id","start_time");--> statement-breakpoint
CREATE INDEX "sessions_created_by_idx" ON "sessions" USING btree ("created_by");--> statement-breakpoint
CREATE UNIQUE INDEX "networking_goals_global_name_key" ON "networking_goals" USING btree (lower("name")) WHERE "networking_goals"."event_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "networking_goals_event_name_key" ON "networking_goals" USING btree ("event_id",lower("name")) WHERE "networking_goals"."event_id" is not null;--> statement-breakpoint
CREATE INDEX "networking_goals_created_by_idx" ON "networking_goals" USING btree ("created_by");--> statement-breakpoint
CREATE UNIQUE INDEX "professional_interests_global_name_key" ON "professional_interests" USING btree (lower("name")) WHERE "professional_interests"."event_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "professional_interests_event_name_key" ON "professional_interests" USING btree ("event_id",lower("name")) WHERE "professional_interests"."event_id" is not null;--> statement-breakpoint
CREATE INDEX "professional_interests_created_by_idx" ON "professional_interests" USING btree ("created_by");--> statement-breakpoint
CREATE UNIQUE INDEX "user_connections_pair_key" ON "user_connections" USING btree ("user_id_1","user_id_2");--> statement-breakpoint
CREATE INDEX "user_connections_user_id_2_idx" ON "user_connections" USING btree ("user_id_2");--> statement-breakpoint
CREATE INDEX "user_connections_event_id_idx" ON "user_connections" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_interactions_connection_pair_key" ON "user_interactions" USING btree (least("initiator_id", "recipient_id"),greatest("initiator_id", "recipient_id")) WHERE "user_interactions"."interaction_type" = 'connection_made';--> statement-breakpoint
CREATE INDEX "user_interactions_initiator_created_idx" ON "user_interactions" USING btree ("initiator_id","created_at");--> statement-breakpoint
CREATE INDEX "user_interactions_recipient_id_idx" ON "user_interactions" USING btree ("recipient_id");--> statement-breakpoint
CREATE INDEX "user_interactions_event_id_idx" ON "user_interactions" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "meetings_requester_time_idx" ON "meetings" USING btree ("requester_id","proposed_time");--> statement-breakpoint
CREATE INDEX "meetings_recipient_time_idx" ON "meetings" USING btree ("recipient_id","proposed_time");--> statement-breakpoint
CREATE INDEX "meetings_event_id_idx" ON "meetings" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "blocked_users_blocked_user_id_idx" ON "blocked_users" USING btree ("blocked_user_id");--> statement-breakpoint
CREATE INDEX "messages_pair_created_idx" ON "messages" USING btree (least("sender_id", "recipient_id"),greatest("sender_id", "recipient_id"),"created_at","id");--> statement-breakpoint
CREATE INDEX "messages_sender_created_idx" ON "messages" USING btree ("sender_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_recipient_created_idx" ON "messages" USING btree ("recipient_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_unread_idx" ON "messages" USING btree ("recipient_id","sender_id") WHERE not "messages"."read";--> statement-breakpoint
CREATE UNIQUE INDEX "sponsor_leads_sponsor_user_key" ON "sponsor_leads" USING btree ("sponsor_id","user_id");--> statement-breakpoint
CREATE INDEX "sponsor_leads_sponsor_visited_idx" ON "sponsor_leads" USING btree ("sponsor_id","visited_at","id");--> statement-breakpoint
CREATE INDEX "sponsor_leads_user_id_idx" ON "sponsor_leads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sponsor_leads_event_id_idx" ON "sponsor_leads" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "sponsor_representatives_user_id_idx" ON "sponsor_representatives" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sponsor_representatives_added_by_idx" ON "sponsor_representatives" USING btree ("added_by");--> statement-breakpoint
CREATE INDEX "sponsors_event_id_idx" ON "sponsors" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "sponsors_created_by_idx" ON "sponsors" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "event_feed_event_list_idx" ON "event_feed" USING btree ("event_id","is_pinned","created_at","id");--> statement-breakpoint
CREATE INDEX "event_feed_author_id_idx" ON "event_feed" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "event_feed_likes_user_id_idx" ON "event_feed_likes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "qa_upvotes_user_id_idx" ON "qa_upvotes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "session_qa_session_upvotes_idx" ON "session_qa" USING btree ("session_id","upvotes","created_at","id");--> statement-breakpoint
CREATE INDEX "session_qa_session_created_idx" ON "session_qa" USING btree ("session_id","created_at","id");--> statement-breakpoint
CREATE INDEX "session_qa_user_id_idx" ON "session_qa" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "session_qa_answered_by_idx" ON "session_qa" USING btree ("answered_by");--> statement-breakpoint
CREATE INDEX "event_analytics_event_metric_created_idx" ON "event_analytics" USING btree ("event_id","metric_type","created_at");--> statement-breakpoint
CREATE INDEX "event_analytics_user_id_idx" ON "event_analytics" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sponsor_analytics_sponsor_created_idx" ON "sponsor_analytics" USING btree ("sponsor_id","created_at");--> statement-breakpoint
CREATE INDEX "sponsor_analytics_event_created_idx" ON "sponsor_analytics" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE INDEX "sponsor_analytics_user_id_idx" ON "sponsor_analytics" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "contact_form_submissions_email_created_idx" ON "contact_form_submissions" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "contact_form_submissions_status_created_idx" ON "contact_form_submissions" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "support_tickets_status_created_idx" ON "support_tickets" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "support_tickets_created_idx" ON "support_tickets" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "support_tickets_user_id_idx" ON "support_tickets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_created_at_idx" ON "mail_outbox" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);