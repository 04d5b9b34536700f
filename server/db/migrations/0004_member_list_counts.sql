CREATE TABLE "member_list_counts" (
	"group_id" integer NOT NULL,
	"list" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "member_list_counts_group_id_list_pk" PRIMARY KEY("group_id","list")
);
--> statement-breakpoint
CREATE INDEX "members_username_trgm_idx" ON "members" USING gin ("fb_username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "memberships_list_paid_idx" ON "memberships" USING btree ("group_id","list","paid","id");--> statement-breakpoint
CREATE INDEX "memberships_list_subscription_status_idx" ON "memberships" USING btree ("group_id","list","subscription_status","id");--> statement-breakpoint
-- Each statement on memberships adds what it inserted to member_list_counts and takes away what it
-- deleted (an update does both), grouped per group and list, in key order so concurrent statements
-- lock the counter rows in the same order.
CREATE FUNCTION "member_list_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "member_list_counts" AS c ("group_id", "list", "count")
      SELECT "group_id", "list", count(*)::int FROM new_rows GROUP BY "group_id", "list" ORDER BY "group_id", "list"
      ON CONFLICT ("group_id", "list") DO UPDATE SET "count" = c."count" + excluded."count";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "member_list_counts" AS c ("group_id", "list", "count")
      SELECT "group_id", "list", -count(*)::int FROM old_rows GROUP BY "group_id", "list" ORDER BY "group_id", "list"
      ON CONFLICT ("group_id", "list") DO UPDATE SET "count" = c."count" + excluded."count";
  ELSE
    INSERT INTO "member_list_counts" AS c ("group_id", "list", "count")
      SELECT "group_id", "list", sum(change)::int FROM (
        SELECT "group_id", "list", 1 AS change FROM new_rows
        UNION ALL
        SELECT "group_id", "list", -1 AS change FROM old_rows
      ) AS changes
      GROUP BY "group_id", "list" HAVING sum(change) <> 0 ORDER BY "group_id", "list"
      ON CONFLICT ("group_id", "list") DO UPDATE SET "count" = c."count" + excluded."count";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "member_list_counts_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "member_list_counts";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "memberships_counts_insert" AFTER INSERT ON "memberships" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "member_list_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "memberships_counts_update" AFTER UPDATE ON "memberships" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "member_list_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "memberships_counts_delete" AFTER DELETE ON "memberships" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "member_list_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "memberships_counts_truncate" AFTER TRUNCATE ON "memberships"
  FOR EACH STATEMENT EXECUTE FUNCTION "member_list_counts_clear"();
--> statement-breakpoint
INSERT INTO "member_list_counts" ("group_id", "list", "count")
  SELECT "group_id", "list", count(*)::int FROM "memberships" GROUP BY "group_id", "list";
