CREATE TABLE "held_departures" (
	"membership_id" integer PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"job_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "held_departures" ADD CONSTRAINT "held_departures_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_departures" ADD CONSTRAINT "held_departures_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_departures" ADD CONSTRAINT "held_departures_job_id_robot_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."robot_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "held_departures_group_idx" ON "held_departures" USING btree ("group_id");