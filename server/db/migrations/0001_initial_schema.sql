CREATE TABLE "app_toggles" (
	"name" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer,
	"user_id" integer,
	"member_id" integer,
	"kind" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"external_id" text NOT NULL,
	"name" text,
	"email" text,
	"paid" integer DEFAULT 0 NOT NULL,
	"subscription" text,
	"subscription_created" integer,
	"subscription_status" text,
	"member_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_account_external_unique" UNIQUE("account_id","external_id")
);
--> statement-breakpoint
CREATE TABLE "daily_metrics" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"day" date NOT NULL,
	"active" integer DEFAULT 0 NOT NULL,
	"inactive" integer DEFAULT 0 NOT NULL,
	"whitelisted" integer DEFAULT 0 NOT NULL,
	"removed" integer DEFAULT 0 NOT NULL,
	"posts" integer DEFAULT 0 NOT NULL,
	"reactions" integer DEFAULT 0 NOT NULL,
	"comments" integer DEFAULT 0 NOT NULL,
	"shares" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_metrics_group_day_unique" UNIQUE("group_id","day")
);
--> statement-breakpoint
CREATE TABLE "engagements" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"fb_engagement_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "engagements_group_fb_engagement_unique" UNIQUE("group_id","fb_engagement_id"),
	CONSTRAINT "engagements_kind_check" CHECK ("engagements"."kind" IN ('reaction', 'comment', 'share'))
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"fb_group_id" text NOT NULL,
	"fb_slug" text,
	"name" text NOT NULL,
	"avatar_url" text,
	"subscribed_plan" text DEFAULT 'free' NOT NULL,
	"subscription_status" text,
	"subscribed_from_at" timestamp with time zone,
	"subscription_ends_at" timestamp with time zone,
	"trial_ends_at" timestamp with time zone,
	"stripe_subscription_id" text,
	"is_locked" boolean DEFAULT false NOT NULL,
	"is_orphaned" boolean DEFAULT false NOT NULL,
	"is_manual_subscription" boolean DEFAULT false NOT NULL,
	"data_removal_at" timestamp with time zone,
	"flags" jsonb DEFAULT '{"checkbox_payment_terms_accept":false,"count_payment_error":0}'::jsonb NOT NULL,
	"settings" jsonb DEFAULT '{"engagement_sync_lookbehind_by":"posts","engagement_sync_days_back":10,"engagement_sync_posts_back":10,"engagement_sync_reactions_per_post":100,"engagement_sync_comments_per_post":50}'::jsonb NOT NULL,
	"limits" jsonb DEFAULT '{"engagement_sync_days_back":10,"engagement_sync_posts_back":10,"engagement_sync_reactions_per_post":100,"engagement_sync_comments_per_post":50}'::jsonb NOT NULL,
	"schedule" jsonb DEFAULT '{"fetch_group_members":{"enabled":false,"scheduled":"everyDay","everyDay":"12:00:00","afterJob":null,"perWeekdays0":null,"perWeekdays1":null,"perWeekdays2":null,"perWeekdays3":null,"perWeekdays4":null,"perWeekdays5":null,"perWeekdays6":null,"humanName":"Sync Members"},"fetch_group_posts":{"enabled":false,"scheduled":"afterJob","everyDay":"12:00:00","afterJob":"fetch_group_members","perWeekdays0":null,"perWeekdays1":null,"perWeekdays2":null,"perWeekdays3":null,"perWeekdays4":null,"perWeekdays5":null,"perWeekdays6":null,"humanName":"Sync Engagements"}}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "groups_fb_group_id_unique" UNIQUE("fb_group_id"),
	CONSTRAINT "groups_subscribed_plan_check" CHECK ("groups"."subscribed_plan" IN ('free', 'monthly', 'annual', 'once')),
	CONSTRAINT "groups_lookbehind_check" CHECK (("groups"."settings" ->> 'engagement_sync_lookbehind_by') IN ('days', 'posts'))
);
--> statement-breakpoint
CREATE TABLE "matches" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"score" real NOT NULL,
	"status" text DEFAULT 'suggested' NOT NULL,
	"requires_attention" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "matches_account_customer_member_unique" UNIQUE("account_id","customer_id","member_id"),
	CONSTRAINT "matches_status_check" CHECK ("matches"."status" IN ('suggested', 'approved', 'rejected')),
	CONSTRAINT "matches_score_check" CHECK ("matches"."score" BETWEEN 0 AND 1)
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" serial PRIMARY KEY NOT NULL,
	"fb_user_id" text NOT NULL,
	"fb_username" text,
	"name" text NOT NULL,
	"avatar_url" text,
	"bio" text,
	"is_banned" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "members_fb_user_id_unique" UNIQUE("fb_user_id")
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"member_name" text NOT NULL,
	"role" text DEFAULT 'subscriber' NOT NULL,
	"is_admin_holder" boolean DEFAULT false NOT NULL,
	"granted_by_user_id" integer,
	"granted_at" timestamp with time zone,
	"is_removed" boolean DEFAULT false NOT NULL,
	"is_whitelisted" boolean DEFAULT false NOT NULL,
	"removed_at" timestamp with time zone,
	"last_activity_at" timestamp with time zone,
	"posts_count" integer DEFAULT 0 NOT NULL,
	"comments_count" integer DEFAULT 0 NOT NULL,
	"reactions_count" integer DEFAULT 0 NOT NULL,
	"paid" integer,
	"subscription" text,
	"subscription_status" text,
	"list" text GENERATED ALWAYS AS (CASE WHEN is_removed THEN 'removed' WHEN is_whitelisted THEN 'whitelisted' WHEN posts_count + comments_count + reactions_count > 0 THEN 'active' ELSE 'inactive' END) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_group_member_unique" UNIQUE("group_id","member_id"),
	CONSTRAINT "memberships_role_check" CHECK ("memberships"."role" IN ('subscriber', 'admin')),
	CONSTRAINT "memberships_holder_is_admin_check" CHECK (NOT "memberships"."is_admin_holder" OR "memberships"."role" = 'admin')
);
--> statement-breakpoint
CREATE TABLE "payment_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"provider" text DEFAULT 'stripe' NOT NULL,
	"company_name" text,
	"onboarding" text,
	"external_account_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_accounts_group_id_unique" UNIQUE("group_id"),
	CONSTRAINT "payment_accounts_provider_check" CHECK ("payment_accounts"."provider" IN ('stripe')),
	CONSTRAINT "payment_accounts_onboarding_check" CHECK ("payment_accounts"."onboarding" IN ('started', 'refresh', 'completed'))
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"member_id" integer,
	"fb_post_id" text NOT NULL,
	"posted_at" timestamp with time zone NOT NULL,
	"text" text,
	"picture" text,
	"member_name" text,
	"comments_count" integer DEFAULT 0 NOT NULL,
	"reactions_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "posts_group_fb_post_unique" UNIQUE("group_id","fb_post_id")
);
--> statement-breakpoint
CREATE TABLE "removal_counters" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "removal_counters_group_day_unique" UNIQUE("group_id","day"),
	CONSTRAINT "removal_counters_count_check" CHECK ("removal_counters"."count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "robot_job_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"batch_no" integer NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "robot_job_batches_job_batch_kind_unique" UNIQUE("job_id","batch_no","kind")
);
--> statement-breakpoint
CREATE TABLE "robot_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"user_id" integer,
	"name" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"total" integer,
	"args" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "robot_jobs_name_check" CHECK ("robot_jobs"."name" IN ('fetch_group_members', 'fetch_group_posts', 'remove_group_members')),
	CONSTRAINT "robot_jobs_status_check" CHECK ("robot_jobs"."status" IN ('running', 'completed', 'failed', 'stopped'))
);
--> statement-breakpoint
CREATE TABLE "robot_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"group_id" integer,
	"member_id" integer,
	"robot_version" text,
	"level" text NOT NULL,
	"message" text NOT NULL,
	"exec_id" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "robot_logs_level_check" CHECK ("robot_logs"."level" IN ('error', 'warning', 'debug', 'info'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_removals" (
	"fb_group_id" text NOT NULL,
	"fb_user_id" text NOT NULL,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_removals_pk" PRIMARY KEY("fb_group_id","fb_user_id")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"impersonator_user_id" integer,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "support_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"email" text,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"group_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	"start_timestamp" timestamp with time zone,
	"locked_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tasks_status_check" CHECK ("tasks"."status" IN ('pending', 'running', 'completed', 'failed')),
	CONSTRAINT "tasks_progress_check" CHECK ("tasks"."progress" BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"fb_auth_user_id" text,
	"fb_user_id" text,
	"fb_username" text,
	"email" text,
	"first_name" text,
	"last_name" text,
	"name" text NOT NULL,
	"avatar_url" text,
	"is_supervisor" boolean DEFAULT false NOT NULL,
	"is_banned" boolean DEFAULT false NOT NULL,
	"card_exists" boolean DEFAULT false NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"stripe_customer_id" text,
	"tapfiliate_id" text,
	"tapfiliate_password" text,
	"friendfilter_id" text,
	"flags" jsonb DEFAULT '{"connects_is_enabled":true}'::jsonb NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_fb_user_id_unique" UNIQUE("fb_user_id")
);
--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_account_id_payment_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."payment_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_metrics" ADD CONSTRAINT "daily_metrics_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagements" ADD CONSTRAINT "engagements_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagements" ADD CONSTRAINT "engagements_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagements" ADD CONSTRAINT "engagements_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_account_id_payment_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."payment_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_granted_by_user_id_users_id_fk" FOREIGN KEY ("granted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD CONSTRAINT "payment_accounts_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "removal_counters" ADD CONSTRAINT "removal_counters_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_job_batches" ADD CONSTRAINT "robot_job_batches_job_id_robot_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."robot_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_jobs" ADD CONSTRAINT "robot_jobs_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_jobs" ADD CONSTRAINT "robot_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_logs" ADD CONSTRAINT "robot_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_logs" ADD CONSTRAINT "robot_logs_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_logs" ADD CONSTRAINT "robot_logs_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_impersonator_user_id_users_id_fk" FOREIGN KEY ("impersonator_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_logs_group_created_idx" ON "audit_logs" USING btree ("group_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_logs_group_kind_idx" ON "audit_logs" USING btree ("group_id","kind");--> statement-breakpoint
CREATE INDEX "audit_logs_group_member_idx" ON "audit_logs" USING btree ("group_id","member_id");--> statement-breakpoint
CREATE INDEX "audit_logs_user_created_idx" ON "audit_logs" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_logs_created_idx" ON "audit_logs" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "customers_account_member_idx" ON "customers" USING btree ("account_id","member_id");--> statement-breakpoint
CREATE INDEX "customers_account_name_idx" ON "customers" USING btree ("account_id","name");--> statement-breakpoint
CREATE INDEX "engagements_post_idx" ON "engagements" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "engagements_group_member_idx" ON "engagements" USING btree ("group_id","member_id");--> statement-breakpoint
CREATE INDEX "engagements_group_created_idx" ON "engagements" USING btree ("group_id","created_at");--> statement-breakpoint
CREATE INDEX "groups_name_trgm_idx" ON "groups" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "groups_subscribed_plan_idx" ON "groups" USING btree ("subscribed_plan");--> statement-breakpoint
CREATE INDEX "matches_account_status_idx" ON "matches" USING btree ("account_id","status","score");--> statement-breakpoint
CREATE INDEX "matches_customer_idx" ON "matches" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "matches_member_idx" ON "matches" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "members_name_trgm_idx" ON "members" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "memberships_member_idx" ON "memberships" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "memberships_group_role_idx" ON "memberships" USING btree ("group_id","role");--> statement-breakpoint
CREATE INDEX "memberships_list_name_idx" ON "memberships" USING btree ("group_id","list","member_name","id");--> statement-breakpoint
CREATE INDEX "memberships_list_posts_idx" ON "memberships" USING btree ("group_id","list","posts_count","id");--> statement-breakpoint
CREATE INDEX "memberships_list_reactions_idx" ON "memberships" USING btree ("group_id","list","reactions_count","id");--> statement-breakpoint
CREATE INDEX "memberships_list_comments_idx" ON "memberships" USING btree ("group_id","list","comments_count","id");--> statement-breakpoint
CREATE INDEX "memberships_list_last_activity_idx" ON "memberships" USING btree ("group_id","list","last_activity_at","id");--> statement-breakpoint
CREATE INDEX "memberships_list_created_idx" ON "memberships" USING btree ("group_id","list","created_at","id");--> statement-breakpoint
CREATE INDEX "memberships_name_trgm_idx" ON "memberships" USING gin ("member_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "posts_group_posted_at_idx" ON "posts" USING btree ("group_id","posted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posts_group_member_idx" ON "posts" USING btree ("group_id","member_id");--> statement-breakpoint
CREATE INDEX "posts_text_trgm_idx" ON "posts" USING gin ("text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "robot_jobs_group_status_idx" ON "robot_jobs" USING btree ("group_id","status");--> statement-breakpoint
CREATE INDEX "robot_jobs_user_status_idx" ON "robot_jobs" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "robot_logs_created_idx" ON "robot_logs" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "robot_logs_level_created_idx" ON "robot_logs" USING btree ("level","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "robot_logs_group_created_idx" ON "robot_logs" USING btree ("group_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "robot_logs_user_created_idx" ON "robot_logs" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "support_tickets_created_idx" ON "support_tickets" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tasks_status_created_idx" ON "tasks" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "tasks_group_status_idx" ON "tasks" USING btree ("group_id","status");--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "users" USING btree ("email");