import { count, eq } from 'drizzle-orm';
import type { PaymentsAdapter } from '../../adapters/payments';
import type { AppDb } from '../../db/connect';
import type { GroupSubscriptionStatus } from '../../db/enums';
import { GROUP_LIMITS_BY_PLAN } from '../../db/group-defaults';
import { groups, member_list_counts, memberships, users } from '../../db/schema';
import type { SubscribedPlan } from '../../../rules/plans';
import type { GroupRow } from '../held-groups';
import { ensurePeople } from '../network-people';
import { lockFollowingStatus } from '../subscriptions';
import { fakeGroup, labNetworkIds } from './fake-network';
import { diffOf, recordLabAction, refused, type LabActionName, type LabActor, type LabOutcome } from './lab-action';

const DAY_MS = 86_400_000;

/** The group row, locked for the change of the transaction. */
export async function lockGroup(tx: AppDb, groupId: number): Promise<GroupRow | undefined> {
  const [group] = await tx.select().from(groups).where(eq(groups.id, groupId)).for('update');
  return group;
}

/** The fields the lab changes on a group; the limits follow the plan, as every plan change writes them. */
type GroupPatch = Partial<Pick<GroupRow, 'subscribed_plan' | 'subscription_status' | 'subscribed_from_at' | 'subscription_ends_at' | 'trial_ends_at' | 'stripe_subscription_id' | 'is_locked' | 'is_manual_subscription'>>;

/**
 * One lab change of a group's fields, with the row locked: the fields that differ are written with
 * the plan's limits when the plan changes, and audited; a change that changes nothing writes nothing.
 */
async function changeGroup(
  db: AppDb,
  actor: LabActor,
  action: LabActionName,
  groupId: number,
  patchOf: (group: GroupRow) => GroupPatch,
): Promise<LabOutcome<GroupRow>> {
  return db.transaction(async (tx) => {
    const group = await lockGroup(tx, groupId);
    if (!group) return refused('not_found');
    const patch = patchOf(group);
    const diff = diffOf(group, patch);
    if (Object.keys(diff).length === 0) return { done: group };
    const plan = patch.subscribed_plan ?? group.subscribed_plan;
    const [changed] = await tx
      .update(groups)
      .set({ ...patch, ...(plan !== group.subscribed_plan ? { limits: GROUP_LIMITS_BY_PLAN[plan] } : {}), updated_at: actor.at })
      .where(eq(groups.id, groupId))
      .returning();
    await recordLabAction(tx, actor, { action, groupId, diff });
    return { done: changed! };
  });
}

export interface GroupChange {
  groupId: number;
  plan?: Exclude<SubscribedPlan, 'once'>;
  isLocked?: boolean;
  /** subscribed_from_at: the start of a day, UTC. */
  subscribedFromAt?: Date;
}

/** Changes the plan (and with it the limits), the lock and the subscription's start (part 2 §6). */
export async function changeLabGroup(db: AppDb, actor: LabActor, change: GroupChange): Promise<LabOutcome<GroupRow>> {
  return changeGroup(db, actor, 'update_group', change.groupId, () => ({
    subscribed_plan: change.plan,
    is_locked: change.isLocked,
    subscribed_from_at: change.subscribedFromAt,
  }));
}

export interface SubscriptionChange {
  groupId: number;
  status?: GroupSubscriptionStatus;
  /** subscription_ends_at becomes this many days from now. */
  daysLeft?: number;
}

/** Sets the subscription's status, which the lock follows as the provider's word would, and its end. */
export async function changeLabSubscription(db: AppDb, actor: LabActor, change: SubscriptionChange): Promise<LabOutcome<GroupRow>> {
  return changeGroup(db, actor, 'update_subscription', change.groupId, (group) => ({
    subscription_status: change.status,
    is_locked: change.status === undefined ? undefined : lockFollowingStatus(change.status, group.is_locked),
    subscription_ends_at: change.daysLeft === undefined ? undefined : new Date(actor.at.getTime() + change.daysLeft * DAY_MS),
  }));
}

/** Back to free, unlocked, with no subscription fields. */
export async function removeLabSubscription(db: AppDb, actor: LabActor, groupId: number): Promise<LabOutcome<GroupRow>> {
  return changeGroup(db, actor, 'remove_subscription', groupId, () => ({
    subscribed_plan: 'free',
    subscription_status: null,
    subscribed_from_at: null,
    subscription_ends_at: null,
    trial_ends_at: null,
    stripe_subscription_id: null,
    is_manual_subscription: false,
    is_locked: false,
  }));
}

/**
 * Copies the plan, status and dates of the group's subscription as the payment provider has it
 * now; the lock follows the status. Not found when the group has no subscription the provider knows.
 */
export async function syncLabSubscription(db: AppDb, payments: PaymentsAdapter, actor: LabActor, groupId: number): Promise<LabOutcome<GroupRow>> {
  const [group] = await db.select({ subscriptionId: groups.stripe_subscription_id }).from(groups).where(eq(groups.id, groupId));
  if (!group?.subscriptionId) return refused('not_found');
  const subscription = await payments.readSubscription(group.subscriptionId);
  if (!subscription) return refused('not_found');
  return changeGroup(db, actor, 'sync_subscription_fields', groupId, (current) =>
    // The group changed subscription meanwhile: what the provider said is about another one.
    current.stripe_subscription_id !== group.subscriptionId
      ? {}
      : {
          subscribed_plan: subscription.plan ?? undefined,
          subscription_status: subscription.status,
          subscribed_from_at: subscription.startedAt,
          subscription_ends_at: subscription.currentPeriodEnd,
          trial_ends_at: subscription.trialEndsAt,
          is_locked: lockFollowingStatus(subscription.status, current.is_locked),
        },
  );
}

/** A group's list counters go with it: no foreign key takes them (schema.ts, member_list_counts). */
async function dropListCounts(tx: AppDb, groupId?: number): Promise<void> {
  await tx.delete(member_list_counts).where(groupId === undefined ? undefined : eq(member_list_counts.group_id, groupId));
}

/** Deletes the group with everything of it (memberships, posts, logs, payment data: their foreign keys cascade). */
export async function removeLabGroup(db: AppDb, actor: LabActor, groupId: number): Promise<LabOutcome<{ group_id: number }>> {
  return db.transaction(async (tx) => {
    const group = await lockGroup(tx, groupId);
    if (!group) return refused('not_found');
    await tx.delete(groups).where(eq(groups.id, groupId));
    await dropListCounts(tx, groupId);
    // The record names the group in its data: a group_id would take it away with the group.
    await recordLabAction(tx, actor, { action: 'remove_group', diff: { group: [group.name, null] }, about: { group_id: groupId } });
    return { done: { group_id: groupId } };
  });
}

/** Every group goes, with everything of each, in one transaction. */
export async function removeAllGroups(db: AppDb, actor: LabActor): Promise<{ removed: number }> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ n: count() }).from(groups);
    await tx.delete(groups);
    await dropListCounts(tx);
    await recordLabAction(tx, actor, { action: 'remove_all_groups', diff: { groups: [before!.n, 0] } });
    return { removed: before!.n };
  });
}

/**
 * A new free group of the network with a fake name. Held by the user when one is named, through
 * their member (made from the user's profile when the network has not been scanned for them yet),
 * as the admin who acquired it; a user without a profile id cannot hold it.
 */
export async function createRandomGroup(db: AppDb, actor: LabActor, holderUserId?: number): Promise<LabOutcome<GroupRow>> {
  const [fbGroupId] = labNetworkIds(1);
  return db.transaction(async (tx) => {
    const [holder] =
      holderUserId === undefined
        ? [undefined]
        : await tx
            .select({ fbUserId: users.fb_user_id, name: users.name, avatarUrl: users.avatar_url })
            .from(users)
            .where(eq(users.id, holderUserId));
    if (holderUserId !== undefined && !holder) return refused('not_found');
    if (holder && !holder.fbUserId) return refused('no_profile_id');
    const [group] = await tx
      .insert(groups)
      .values({ ...fakeGroup(fbGroupId!, actor.sandbox), created_at: actor.at, updated_at: actor.at })
      .returning();
    let memberId: number | null = null;
    if (holder?.fbUserId) {
      const person = { fb_user_id: holder.fbUserId, name: holder.name, avatar_url: holder.avatarUrl };
      const member = (await ensurePeople(tx, [person], actor.at)).get(holder.fbUserId)!;
      memberId = member.id;
      await tx.insert(memberships).values({
        group_id: group!.id,
        member_id: member.id,
        member_name: member.name,
        role: 'admin',
        is_admin_holder: true,
        created_at: actor.at,
        updated_at: actor.at,
      });
    }
    await recordLabAction(tx, actor, { action: 'create_random_group', groupId: group!.id, memberId, diff: { group: [null, group!.name] } });
    return { done: group! };
  });
}
