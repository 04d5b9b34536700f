import { asc, eq, inArray } from 'drizzle-orm';
import type { AppDb } from '../../../server/db/connect';
import { audit_logs, customers, engagements, groups, matches, members, memberships, payment_accounts, posts, removal_counters, robot_jobs } from '../../../server/db/schema';

export interface TenantSnapshot {
  group: unknown;
  memberships: Array<typeof memberships.$inferSelect>;
  /** The shared profiles of the group's members: another tenant's report must not change them either. */
  people: unknown[];
  posts: unknown[];
  engagements: unknown[];
  jobs: unknown[];
  audits: unknown[];
  removals: unknown[];
  /** The group's payment account, its customers and their matches. */
  accounts: unknown[];
  customers: unknown[];
  matches: unknown[];
}

/** Every row of one group's tenant, each column included, to prove another tenant's call changed none of it. */
export async function snapshotTenant(db: AppDb, groupId: number): Promise<TenantSnapshot> {
  const groupMemberships = await db.select().from(memberships).where(eq(memberships.group_id, groupId)).orderBy(asc(memberships.id));
  const memberIds = groupMemberships.map((membership) => membership.member_id);
  return {
    group: (await db.select().from(groups).where(eq(groups.id, groupId)))[0],
    memberships: groupMemberships,
    people: memberIds.length === 0 ? [] : await db.select().from(members).where(inArray(members.id, memberIds)).orderBy(asc(members.id)),
    posts: await db.select().from(posts).where(eq(posts.group_id, groupId)).orderBy(asc(posts.id)),
    engagements: await db.select().from(engagements).where(eq(engagements.group_id, groupId)).orderBy(asc(engagements.id)),
    jobs: await db.select().from(robot_jobs).where(eq(robot_jobs.group_id, groupId)).orderBy(asc(robot_jobs.id)),
    audits: await db.select().from(audit_logs).where(eq(audit_logs.group_id, groupId)).orderBy(asc(audit_logs.id)),
    removals: await db.select().from(removal_counters).where(eq(removal_counters.group_id, groupId)),
    accounts: await db.select().from(payment_accounts).where(eq(payment_accounts.group_id, groupId)),
    customers: await db
      .select({ customer: customers })
      .from(customers)
      .innerJoin(payment_accounts, eq(payment_accounts.id, customers.account_id))
      .where(eq(payment_accounts.group_id, groupId))
      .orderBy(asc(customers.id)),
    matches: await db
      .select({ match: matches })
      .from(matches)
      .innerJoin(payment_accounts, eq(payment_accounts.id, matches.account_id))
      .where(eq(payment_accounts.group_id, groupId))
      .orderBy(asc(matches.id)),
  };
}
