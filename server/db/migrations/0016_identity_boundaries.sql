-- What a user reports about their own groups is kept as their own word (reported_groups), never
-- written into the member list of a group someone else holds.
CREATE TABLE "reported_groups" (
	"user_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"role" text NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reported_groups_pk" PRIMARY KEY("user_id","group_id"),
	CONSTRAINT "reported_groups_role_check" CHECK ("reported_groups"."role" IN ('subscriber', 'admin'))
);
--> statement-breakpoint
ALTER TABLE "reported_groups" ADD CONSTRAINT "reported_groups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reported_groups" ADD CONSTRAINT "reported_groups_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reported_groups_group_idx" ON "reported_groups" USING btree ("group_id");--> statement-breakpoint
-- A change made through a supervisor's switched session records the supervisor too.
ALTER TABLE "audit_logs" ADD COLUMN "switched_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_switched_by_user_id_users_id_fk" FOREIGN KEY ("switched_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_logs_switched_by_idx" ON "audit_logs" USING btree ("switched_by_user_id") WHERE "audit_logs"."switched_by_user_id" IS NOT NULL;--> statement-breakpoint
-- A companion token is good only while the session that minted it is: tokens minted before this
-- knew no session and live a minute at most, so they are dropped.
DELETE FROM "companion_tokens";--> statement-breakpoint
ALTER TABLE "companion_tokens" ADD COLUMN "session_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "companion_tokens" ADD CONSTRAINT "companion_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;
