import { and, asc, count, desc, eq, exists, ilike, or, sql } from 'drizzle-orm';
import type { SupervisorGroupSortField } from '../../rules/supervisorLists';
import type { AppDb } from '../db/connect';
import { GROUP_LIMITS_BY_PLAN } from '../db/group-defaults';
import { customers, groups, members, memberships, payment_accounts, posts, users } from '../db/schema';
import { changeGroupFlags, effectiveGroupFlags, type GroupFlagsPatch } from './group-flags';
import type { GroupRow } from './held-groups';
import { countMemberLists } from './member-lists';
import { NO_REMOVALS, removalLimits } from './removal-limits';
import { readRemovalUsage } from './removal-usage';
import { noteChange, recordSupervisorEdit, type FieldDiff } from './supervisor-edits';
import { containsPattern } from './user-search';
import type { UserRow } from './users';

export interface SupervisorGroupQuery {
  search?: string;
  /** true: only groups without any member synced; false: only groups with members. */
  noMember?: boolean;
  sortBy: SupervisorGroupSortField;
  sortDirection: 'asc' | 'desc';
}

/** A page of every group, sorted in SQL (name on (name, id)), ties broken by id. */
export async function readSupervisorGroups(db: AppDb, query: SupervisorGroupQuery, page: number, perPage: number) {
  const pattern = query.search ? containsPattern(query.search) : undefined;
  const anyMember = exists(db.select({ one: sql`1` }).from(memberships).where(eq(memberships.group_id, groups.id)));
  const matching = and(
    pattern ? or(ilike(groups.name, pattern), ilike(groups.fb_group_id, pattern), ilike(groups.fb_slug, pattern)) : undefined,
    query.noMember === undefined ? undefined : query.noMember ? sql`NOT ${anyMember}` : anyMember,
  );
  const direction = query.sortDirection === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(groups)
      .where(matching)
      .orderBy(direction(groups[query.sortBy]), direction(groups.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(groups).where(matching),
  ]);
  return { rows, count: total!.n };
}

/** The most admins and holders a profile lists (the contract's limit). */
const PROFILE_LIST_LIMIT = 1000;

/**
 * A group as the supervisor's profile shows it: the members holding admin there, the users holding
 * it, its lists' sizes, its posts and its payment account's customers, and its removal limits.
 */
export async function readSupervisorGroupProfile(db: AppDb, groupId: number, at: Date) {
  const [group] = await db.select().from(groups).where(eq(groups.id, groupId)).limit(1);
  if (!group) return undefined;
  const [admins, holders, lists, [postCount], [customerCount], usage] = await Promise.all([
    db
      .select({ id: members.id, name: memberships.member_name, avatar_url: members.avatar_url, fb_user_id: members.fb_user_id })
      .from(memberships)
      .innerJoin(members, eq(members.id, memberships.member_id))
      .where(and(eq(memberships.group_id, groupId), eq(memberships.role, 'admin')))
      .orderBy(asc(memberships.member_name), asc(members.id))
      .limit(PROFILE_LIST_LIMIT),
    db
      .select({ user: users })
      .from(users)
      .innerJoin(members, eq(members.fb_user_id, users.fb_user_id))
      .innerJoin(memberships, eq(memberships.member_id, members.id))
      .where(and(eq(memberships.group_id, groupId), eq(memberships.is_admin_holder, true), eq(memberships.is_removed, false)))
      .orderBy(asc(users.name), asc(users.id))
      .limit(PROFILE_LIST_LIMIT),
    countMemberLists(db, groupId),
    db.select({ n: count() }).from(posts).where(eq(posts.group_id, groupId)),
    db
      .select({ n: count() })
      .from(customers)
      .innerJoin(payment_accounts, eq(payment_accounts.id, customers.account_id))
      .where(eq(payment_accounts.group_id, groupId)),
    readRemovalUsage(db, [groupId], at),
  ]);
  return {
    group,
    admins,
    users: holders.map((row): UserRow => row.user),
    counts: {
      active: lists.active,
      inactive: lists.inactive,
      whitelisted: lists.whitelisted,
      removed: lists.removed,
      posts: postCount!.n,
      customers: customerCount!.n,
    },
    removalLimits: removalLimits(group.subscribed_plan, usage.get(groupId) ?? NO_REMOVALS, at),
  };
}

/** The fields a supervisor may change on a group, moments already parsed; only those present change. */
export interface SupervisorGroupPatch {
  name?: string;
  fb_slug?: string | null;
  subscribed_plan?: GroupRow['subscribed_plan'];
  subscription_status?: string | null;
  subscribed_from_at?: Date | null;
  subscription_ends_at?: Date | null;
  trial_ends_at?: Date | null;
  data_removal_at?: Date | null;
  is_locked?: boolean;
  is_orphaned?: boolean;
  is_manual_subscription?: boolean;
  flags?: GroupFlagsPatch;
}

export interface SupervisorGroupEdit {
  groupId: number;
  patch: SupervisorGroupPatch;
  /** The supervisor. */
  userId: number;
  ip: string;
  at: Date;
}

const PLAIN_GROUP_FIELDS = [
  'name',
  'fb_slug',
  'subscribed_plan',
  'subscription_status',
  'subscribed_from_at',
  'subscription_ends_at',
  'trial_ends_at',
  'data_removal_at',
  'is_locked',
  'is_orphaned',
  'is_manual_subscription',
] as const satisfies ReadonlyArray<keyof SupervisorGroupPatch & keyof GroupRow>;

/**
 * Changes the fields sent, with the group row locked, and audits the change (supervisor_edit, each
 * changed field to [old, new], the flags as flags.{name}) in the same transaction. A plan change
 * writes the plan's engagement-sync limits too, as every plan change does. Sending
 * flags.count_payment_error raises the stored count by one (the contract's GroupFlagsPatch). A
 * change that changes nothing writes nothing. Undefined when there is no such group.
 */
export async function editSupervisorGroup(db: AppDb, edit: SupervisorGroupEdit): Promise<GroupRow | undefined> {
  return db.transaction(async (tx) => {
    const [group] = await tx.select().from(groups).where(eq(groups.id, edit.groupId)).for('update');
    if (!group) return undefined;
    const diff: FieldDiff = {};
    const changes: Partial<typeof groups.$inferInsert> = {};
    for (const field of PLAIN_GROUP_FIELDS) {
      if (!(field in edit.patch)) continue;
      const value = edit.patch[field];
      noteChange(diff, field, group[field], value);
      if (field in diff) Object.assign(changes, { [field]: value });
    }
    if (changes.subscribed_plan) changes.limits = GROUP_LIMITS_BY_PLAN[changes.subscribed_plan];

    const flagsPatch = edit.patch.flags ?? {};
    const flagsBefore = effectiveGroupFlags(group.flags);
    const flagsChange =
      flagsPatch.count_payment_error !== undefined ||
      (flagsPatch.checkbox_payment_terms_accept !== undefined && flagsPatch.checkbox_payment_terms_accept !== flagsBefore.checkbox_payment_terms_accept);
    if (flagsChange) {
      const flagsAfter = (await changeGroupFlags(tx, group.id, flagsPatch, edit.at))!;
      for (const name of Object.keys(flagsAfter) as (keyof typeof flagsAfter)[]) noteChange(diff, `flags.${name}`, flagsBefore[name], flagsAfter[name]);
    }
    if (Object.keys(diff).length === 0) return group;

    const [updated] = await tx
      .update(groups)
      .set({ ...changes, updated_at: edit.at })
      .where(eq(groups.id, group.id))
      .returning();
    await recordSupervisorEdit(tx, { userId: edit.userId, groupId: group.id, diff, ip: edit.ip, at: edit.at });
    return updated;
  });
}
