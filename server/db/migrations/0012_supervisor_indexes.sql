ALTER TABLE "robot_job_batches" ADD COLUMN "accepted" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_logs_kind_created_idx" ON "audit_logs" USING btree ("kind","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "groups_name_idx" ON "groups" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "groups_created_idx" ON "groups" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "members_name_idx" ON "members" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "posts_posted_at_idx" ON "posts" USING btree ("posted_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posts_member_posted_at_idx" ON "posts" USING btree ("member_id","posted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "robot_job_batches_kind_created_idx" ON "robot_job_batches" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "robot_jobs_started_idx" ON "robot_jobs" USING btree ("started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "robot_logs_exec_created_idx" ON "robot_logs" USING btree ("exec_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "users_name_idx" ON "users" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at");