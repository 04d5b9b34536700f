ALTER TABLE "robot_jobs" ADD COLUMN "last_activity_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "robot_jobs" SET "last_activity_at" = GREATEST(
  "started_at",
  COALESCE((SELECT max("created_at") FROM "robot_job_batches" WHERE "robot_job_batches"."job_id" = "robot_jobs"."id"), "started_at")
);
