ALTER TABLE "memberships" ADD COLUMN "member_username" text;--> statement-breakpoint
UPDATE "memberships" SET "member_username" = "members"."fb_username"
  FROM "members" WHERE "members"."id" = "memberships"."member_id" AND "members"."fb_username" IS NOT NULL;
--> statement-breakpoint
-- memberships.member_username copies the member's fb_username: written as a membership is made,
-- and again on each membership of a member whose username changes.
CREATE FUNCTION "memberships_username_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."member_username" := (SELECT "fb_username" FROM "members" WHERE "id" = NEW."member_id");
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "members_username_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "memberships" SET "member_username" = NEW."fb_username" WHERE "member_id" = NEW."id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An insert that brings the username from members (the robot's batches) skips the per-row lookup.
CREATE TRIGGER "memberships_username_fill" BEFORE INSERT ON "memberships"
  FOR EACH ROW WHEN (NEW."member_username" IS NULL) EXECUTE FUNCTION "memberships_username_fill"();
--> statement-breakpoint
CREATE TRIGGER "memberships_username_refill" BEFORE UPDATE OF "member_id" ON "memberships"
  FOR EACH ROW EXECUTE FUNCTION "memberships_username_fill"();
--> statement-breakpoint
CREATE TRIGGER "members_username_follow" AFTER UPDATE OF "fb_username" ON "members"
  FOR EACH ROW WHEN (OLD."fb_username" IS DISTINCT FROM NEW."fb_username") EXECUTE FUNCTION "members_username_follow"();
--> statement-breakpoint
CREATE INDEX "memberships_username_trgm_idx" ON "memberships" USING gin ("member_username" gin_trgm_ops);
