import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { AppDb } from '../../../server/db/connect';
import type { RobotJobName } from '../../../server/db/enums';
import { audit_logs, customers, engagements, groups, held_departures, matches, members, memberships, payment_accounts, posts, robot_jobs, users } from '../../../server/db/schema';
import { moveMembers } from '../../../server/domain/member-moves';
import { addCustomer, addMatch, connectAccount } from '../match-review/review-world';
import type { Role, RoleWorld } from '../support/roles';

let groupsMade = 0;

/** The member who is the role's user on the network, and a new group for them to be in. */
async function newGroupFor(db: AppDb, world: RoleWorld, role: Exclude<Role, 'anonymous'>) {
  const [user] = await db.select({ fbUserId: users.fb_user_id }).from(users).where(eq(users.id, world.userIds[role]));
  const [member] = await db.select({ id: members.id }).from(members).where(eq(members.fb_user_id, user!.fbUserId!));
  groupsMade += 1;
  const [group] = await db
    .insert(groups)
    .values({ fb_group_id: `83${String(groupsMade).padStart(5, '0')}`, name: `Role Group ${groupsMade}`, subscribed_plan: 'annual' })
    .returning({ id: groups.id });
  return { memberId: member!.id, groupId: group!.id };
}

/** A group nobody holds yet in which the role's user is a scanned admin: theirs to acquire. */
export async function unheldGroupOf(db: AppDb, world: RoleWorld, role: Role): Promise<number> {
  if (role === 'anonymous') return world.group.id;
  const { memberId, groupId } = await newGroupFor(db, world, role);
  await db.insert(memberships).values({ group_id: groupId, member_id: memberId, member_name: role, role: 'admin' });
  return groupId;
}

/**
 * A running job of the given command on a group the role's user holds (made for the call, so no
 * two calls share a job): robot job calls answer the same to every role that gets past the
 * access checks. A removal job's one member has been moved to removed, as removals require.
 */
export async function ownRobotJob(db: AppDb, world: RoleWorld, role: Role, name: RobotJobName): Promise<number> {
  if (role === 'anonymous') return 1;
  const { memberId, groupId } = await newGroupFor(db, world, role);
  await db.insert(memberships).values({ group_id: groupId, member_id: memberId, member_name: role, role: 'admin', is_admin_holder: true });
  const [leaving] = await db.insert(members).values({ fb_user_id: `84${String(groupsMade).padStart(5, '0')}`, name: 'Leaving Member' }).returning();
  await db.insert(memberships).values({ group_id: groupId, member_id: leaving!.id, member_name: leaving!.name, is_removed: true });
  const args =
    name === 'remove_group_members'
      ? { id: groupId, members: [{ id: leaving!.id, fb_user_id: leaving!.fb_user_id, name: leaving!.name }] }
      : { id: groupId };
  const [job] = await db.insert(robot_jobs).values({ group_id: groupId, name, args }).returning({ id: robot_jobs.id });
  return job!.id;
}

let membersMade = 0;

/** A new subscriber of the role world's group in the given list, for one move call to move. */
export async function groupMemberIn(db: AppDb, world: RoleWorld, list: 'inactive' | 'whitelisted' | 'removed'): Promise<number> {
  membersMade += 1;
  const [member] = await db
    .insert(members)
    .values({ fb_user_id: `85${String(membersMade).padStart(5, '0')}`, name: `Moving Member ${membersMade}` })
    .returning({ id: members.id });
  await db.insert(memberships).values({
    group_id: world.group.id,
    member_id: member!.id,
    member_name: `Moving Member ${membersMade}`,
    is_whitelisted: list === 'whitelisted',
    is_removed: list === 'removed',
  });
  return member!.id;
}

/**
 * Departures held from a completed members scan of the role world's group (a new member the scan
 * did not see), replacing any the group held: one confirm or dismiss call to decide. Its job id.
 */
export async function heldDepartureIn(db: AppDb, world: RoleWorld): Promise<number> {
  const scannedAt = new Date('2026-01-10T00:00:00Z');
  const [job] = await db
    .insert(robot_jobs)
    .values({ group_id: world.group.id, name: 'fetch_group_members', status: 'completed', started_at: scannedAt, finished_at: scannedAt })
    .returning({ id: robot_jobs.id });
  const memberId = await groupMemberIn(db, world, 'inactive');
  const [membership] = await db
    .update(memberships)
    .set({ updated_at: new Date('2026-01-01T00:00:00Z') })
    .where(and(eq(memberships.group_id, world.group.id), eq(memberships.member_id, memberId)))
    .returning({ id: memberships.id });
  await db.delete(held_departures).where(eq(held_departures.group_id, world.group.id));
  await db.insert(held_departures).values({ membership_id: membership!.id, group_id: world.group.id, job_id: job!.id });
  return job!.id;
}

/** The network id of a group the role's user is a member of (a scanned admin, holding nothing): theirs to ask who holds it. */
export async function memberGroupOf(db: AppDb, world: RoleWorld, role: Role): Promise<string> {
  const groupId = await unheldGroupOf(db, world, role);
  const [group] = await db.select({ fbGroupId: groups.fb_group_id }).from(groups).where(eq(groups.id, groupId));
  return group!.fbGroupId;
}

/** Another tenant: a group held by a user who has none of the roles, with members, a post with engagements. */
export interface OtherTenant {
  group: { id: number; fb_group_id: string };
  holder: { id: number; fb_user_id: string; name: string };
  /** Members of the group who are not its holder, as the group knows them. */
  members: Array<{ id: number; fb_user_id: string; name: string }>;
  fbPostId: string;
}

export async function createOtherTenant(db: AppDb): Promise<OtherTenant> {
  return db.transaction(async (tx) => {
    const [group] = await tx
      .insert(groups)
      .values({ fb_group_id: '8200001', fb_slug: 'tenant-group', name: 'Tenant Group', avatar_url: '/sandbox/images/avatar/8200001.svg', subscribed_plan: 'annual' })
      .returning({ id: groups.id, fb_group_id: groups.fb_group_id });
    await tx.insert(users).values({ name: 'Tenant Holder', fb_user_id: '9200000' });
    const people = await tx
      .insert(members)
      .values(
        ['Tenant Holder', 'Tenant Member One', 'Tenant Member Two', 'Tenant Member Three'].map((name, i) => ({
          fb_user_id: `920000${i}`,
          name,
          avatar_url: `/sandbox/images/avatar/920000${i}.svg`,
          bio: `${name} bio`,
        })),
      )
      .returning({ id: members.id, fb_user_id: members.fb_user_id, name: members.name });
    const [holder, ...others] = people;
    await tx.insert(memberships).values([
      { group_id: group!.id, member_id: holder!.id, member_name: holder!.name, role: 'admin', is_admin_holder: true },
      { group_id: group!.id, member_id: others[0]!.id, member_name: others[0]!.name, role: 'admin', posts_count: 1 },
      { group_id: group!.id, member_id: others[1]!.id, member_name: others[1]!.name, is_whitelisted: true },
      { group_id: group!.id, member_id: others[2]!.id, member_name: others[2]!.name, reactions_count: 1 },
    ]);
    const [post] = await tx
      .insert(posts)
      .values({
        group_id: group!.id,
        member_id: others[0]!.id,
        member_name: others[0]!.name,
        fb_post_id: '8800001',
        posted_at: new Date('2026-01-01T00:00:00Z'),
        text: 'Tenant post',
        reactions_count: 1,
      })
      .returning({ id: posts.id });
    await tx
      .insert(engagements)
      .values({ post_id: post!.id, group_id: group!.id, member_id: others[2]!.id, kind: 'reaction', fb_engagement_id: 'r8800001_9200003' });
    return { group: group!, holder: holder!, members: others, fbPostId: '8800001' };
  });
}

/** A running job of the given command on the other tenant's group, made for one call. */
export async function tenantJob(db: AppDb, tenant: OtherTenant, name: RobotJobName): Promise<number> {
  const args = name === 'remove_group_members' ? { id: tenant.group.id, members: [tenant.members[0]] } : { id: tenant.group.id };
  const [job] = await db.insert(robot_jobs).values({ group_id: tenant.group.id, name, args }).returning({ id: robot_jobs.id });
  return job!.id;
}

/** A whitelisting the role's user just made in the role world's group (the group admin's when the role has no user): its move id. */
export async function movedMemberIn(db: AppDb, world: RoleWorld, role: Role): Promise<string> {
  const memberId = await groupMemberIn(db, world, 'inactive');
  const userId = role === 'anonymous' ? world.userIds.groupAdmin : world.userIds[role];
  const outcome = await moveMembers(db, { kind: 'whitelist', groupId: world.group.id, memberIds: [memberId], userId, ip: '127.0.0.1', at: new Date() });
  if (!('moveId' in outcome)) throw new Error(`the fixture's move was refused: ${outcome.refused}`);
  return outcome.moveId;
}

/** The record of a whitelisting the other tenant's holder just made in their group: its move id. */
export async function tenantMove(db: AppDb, tenant: OtherTenant): Promise<string> {
  const [holder] = await db.select({ id: users.id }).from(users).where(eq(users.fb_user_id, '9200000'));
  const moveId = randomUUID();
  await db.insert(audit_logs).values({
    kind: 'members_whitelisted',
    user_id: holder!.id,
    group_id: tenant.group.id,
    member_id: tenant.members[0]!.id,
    data: { ip: '127.0.0.1', move_id: moveId },
  });
  return moveId;
}

/** The group's payment account with its onboarding completed, connected on first use. */
/** The group's payment account with its onboarding completed: made now, or completed when another row left it connecting. */
async function connectedAccountOf(db: AppDb, groupId: number): Promise<number> {
  const [account] = await db
    .update(payment_accounts)
    .set({ onboarding: 'completed' })
    .where(eq(payment_accounts.group_id, groupId))
    .returning({ id: payment_accounts.id });
  return account?.id ?? connectAccount(db, groupId);
}

let customersMade = 0;

/** A new member of the role world's group and a new customer of its account, linked to each other or not: one link or unlink call's item. */
export async function customerPairIn(db: AppDb, world: RoleWorld, linked: boolean): Promise<{ member_id: number; customer_id: string }> {
  const accountId = await connectedAccountOf(db, world.group.id);
  const memberId = await groupMemberIn(db, world, 'inactive');
  customersMade += 1;
  const customerId = `cus_role_${customersMade}`;
  await addCustomer(db, accountId, { externalId: customerId, name: `Role Customer ${customersMade}`, memberId: linked ? memberId : null });
  return { member_id: memberId, customer_id: customerId };
}

/** A match in the given status between a new member and a new customer of the role world's group: one reject or restore call's id. */
export async function matchIn(db: AppDb, world: RoleWorld, status: 'suggested' | 'rejected'): Promise<number> {
  const accountId = await connectedAccountOf(db, world.group.id);
  const pair = await customerPairIn(db, world, false);
  const [customer] = await db.select({ id: customers.id }).from(customers).where(and(eq(customers.account_id, accountId), eq(customers.external_id, pair.customer_id)));
  return addMatch(db, accountId, { customerId: customer!.id, memberId: pair.member_id, score: 0.5, status });
}

/** The other tenant's connected account: its member linked to a customer, and a suggestion of another customer for another member. */
export async function tenantConnection(db: AppDb, tenant: OtherTenant): Promise<{ link: { member_id: number; customer_id: string }; matchId: number }> {
  const accountId = await connectedAccountOf(db, tenant.group.id);
  const [existing] = await db.select({ id: matches.id }).from(matches).where(eq(matches.account_id, accountId));
  const link = { member_id: tenant.members[0]!.id, customer_id: 'cus_tenant_linked' };
  if (existing) return { link, matchId: existing.id };
  await addCustomer(db, accountId, { externalId: link.customer_id, memberId: link.member_id, paid: 100, subscriptionStatus: 'active' });
  const suggested = await addCustomer(db, accountId, { externalId: 'cus_tenant_open', name: 'Tenant Member Two' });
  return { link, matchId: await addMatch(db, accountId, { customerId: suggested, memberId: tenant.members[1]!.id, score: 0.9 }) };
}
