import { and, count, eq, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/connect';
import type { MembershipRole } from '../../db/enums';
import { member_list_counts, members, memberships } from '../../db/schema';
import { ensurePeople } from '../network-people';
import { ensureMemberships } from '../scanned-memberships';
import { fakePerson, labNetworkIds } from './fake-network';
import { lockGroup } from './lab-groups';
import { diffOf, recordLabAction, refused, type LabActor, type LabOutcome } from './lab-action';

/** The admin who acquired the group: a holder nobody granted (as the permissions list says). */
const IS_GROUP_HOLDER = sql<boolean>`(${memberships.is_admin_holder} AND ${memberships.granted_by_user_id} IS NULL)`;

const MEMBERSHIP_COLUMNS = {
  id: memberships.id,
  group_id: memberships.group_id,
  member_id: memberships.member_id,
  member_name: memberships.member_name,
  role: memberships.role,
  is_admin_holder: memberships.is_admin_holder,
  is_group_holder: IS_GROUP_HOLDER,
  list: memberships.list,
  is_removed: memberships.is_removed,
  is_whitelisted: memberships.is_whitelisted,
  removed_at: memberships.removed_at,
  last_activity_at: memberships.last_activity_at,
  posts_count: memberships.posts_count,
  comments_count: memberships.comments_count,
  reactions_count: memberships.reactions_count,
  created_at: memberships.created_at,
  updated_at: memberships.updated_at,
  member: { id: members.id, name: members.name, avatar_url: members.avatar_url, fb_user_id: members.fb_user_id },
};

export type LabMembership = NonNullable<Awaited<ReturnType<typeof findLabMembership>>>;

/** A member's membership of a group with the member's summary, as the lab shows it. */
export async function findLabMembership(db: AppDb, groupId: number, memberId: number) {
  const [row] = await db
    .select(MEMBERSHIP_COLUMNS)
    .from(memberships)
    .innerJoin(members, eq(members.id, memberships.member_id))
    .where(and(eq(memberships.group_id, groupId), eq(memberships.member_id, memberId)));
  return row;
}

export interface MembershipChange {
  groupId: number;
  memberId: number;
  role: MembershipRole;
}

/**
 * Sets a membership's role as Permissions does (group-permissions.ts), without its refusals: admin
 * holds the group, granted by the supervisor (an admin who holds it already stays as they are);
 * subscriber holds nothing. A change that changes nothing writes nothing.
 */
export async function changeLabMembership(db: AppDb, actor: LabActor, change: MembershipChange): Promise<LabOutcome<LabMembership>> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(memberships)
      .where(and(eq(memberships.group_id, change.groupId), eq(memberships.member_id, change.memberId)))
      .for('update');
    if (!current) return refused('not_found');
    const granting = change.role === 'admin';
    const diff = diffOf(current, { role: change.role, is_admin_holder: granting });
    if (Object.keys(diff).length > 0) {
      await tx
        .update(memberships)
        .set({
          role: change.role,
          is_admin_holder: granting,
          granted_by_user_id: granting ? actor.supervisorId : null,
          granted_at: granting ? actor.at : null,
          updated_at: actor.at,
        })
        .where(eq(memberships.id, current.id));
      await recordLabAction(tx, actor, { action: 'update_membership', groupId: change.groupId, memberId: change.memberId, diff });
    }
    return { done: (await findLabMembership(tx, change.groupId, change.memberId))! };
  });
}

/** Takes the member out of the group: the membership goes; the person, and what they posted, stay. */
export async function removeLabMembership(db: AppDb, actor: LabActor, groupId: number, memberId: number): Promise<LabOutcome<{ group_id: number; member_id: number }>> {
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(memberships)
      .where(and(eq(memberships.group_id, groupId), eq(memberships.member_id, memberId)))
      .returning({ role: memberships.role });
    if (!removed) return refused('not_found');
    await recordLabAction(tx, actor, { action: 'remove_membership', groupId, memberId, diff: { role: [removed.role, null] } });
    return { done: { group_id: groupId, member_id: memberId } };
  });
}

async function membershipsOf(tx: AppDb, groupId: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(memberships).where(eq(memberships.group_id, groupId));
  return row!.n;
}

/** Takes the group's members of a role (any: of every role) out of it, but its holders, who stay its admins. */
export async function removeLabMembers(db: AppDb, actor: LabActor, groupId: number, role: MembershipRole | 'any'): Promise<LabOutcome<{ removed: number }>> {
  return db.transaction(async (tx) => {
    if (!(await lockGroup(tx, groupId))) return refused('not_found');
    const before = await membershipsOf(tx, groupId);
    await tx
      .delete(memberships)
      .where(
        and(
          eq(memberships.group_id, groupId),
          eq(memberships.is_admin_holder, false),
          role === 'any' ? undefined : eq(memberships.role, role),
        ),
      );
    const after = await membershipsOf(tx, groupId);
    await recordLabAction(tx, actor, { action: 'remove_members', groupId, diff: { members: [before, after] }, about: { role } });
    return { done: { removed: before - after } };
  });
}

export interface FakeMembers {
  groupId: number;
  count: number;
  /** Deactivated on the network. */
  isBanned: boolean;
}

/** New people of the network join the group as subscribers, as a members scan's new people would (network-people.ts). */
export async function fakeMembers(db: AppDb, actor: LabActor, fake: FakeMembers): Promise<LabOutcome<{ created: number }>> {
  const people = labNetworkIds(fake.count).map((fbUserId) => fakePerson(fbUserId, { isBanned: fake.isBanned, sandbox: actor.sandbox }));
  return db.transaction(async (tx) => {
    if (!(await lockGroup(tx, fake.groupId))) return refused('not_found');
    const before = await membershipsOf(tx, fake.groupId);
    const known = await ensurePeople(tx, people, actor.at);
    await ensureMemberships(tx, fake.groupId, [...known.values()].map((member) => ({ memberId: member.id, name: member.name })), actor.at);
    const after = await membershipsOf(tx, fake.groupId);
    await recordLabAction(tx, actor, { action: 'fake_members', groupId: fake.groupId, diff: { members: [before, after] }, about: { is_banned: fake.isBanned } });
    return { done: { created: after - before } };
  });
}

/** One new person of the network in the group with the role: an admin holds it, granted by the supervisor. */
export async function createRandomMember(db: AppDb, actor: LabActor, groupId: number, role: MembershipRole): Promise<LabOutcome<LabMembership>> {
  const [fbUserId] = labNetworkIds(1);
  const person = fakePerson(fbUserId!, { sandbox: actor.sandbox });
  return db.transaction(async (tx) => {
    if (!(await lockGroup(tx, groupId))) return refused('not_found');
    const member = (await ensurePeople(tx, [person], actor.at)).get(person.fb_user_id)!;
    const granting = role === 'admin';
    await tx.insert(memberships).values({
      group_id: groupId,
      member_id: member.id,
      member_name: member.name,
      role,
      is_admin_holder: granting,
      granted_by_user_id: granting ? actor.supervisorId : null,
      granted_at: granting ? actor.at : null,
      created_at: actor.at,
      updated_at: actor.at,
    });
    await recordLabAction(tx, actor, { action: 'create_random_member', groupId, memberId: member.id, diff: { role: [null, role] } });
    return { done: (await findLabMembership(tx, groupId, member.id))! };
  });
}

/** Every person of the network goes, with every membership and engagement (their foreign keys cascade); users stay. */
export async function removeAllMembers(db: AppDb, actor: LabActor): Promise<{ removed: number }> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ n: count() }).from(members);
    await tx.delete(members);
    await tx.delete(member_list_counts);
    await recordLabAction(tx, actor, { action: 'remove_all_members', diff: { members: [before!.n, 0] } });
    return { removed: before!.n };
  });
}
