import type { AppDb } from '../../../server/db/connect';
import { daily_metrics, engagements, groups, members, memberships, posts, removal_counters, users } from '../../../server/db/schema';
import type { MatrixRow, NoTenantIds } from './matrix';
import { SPEC_SYNC_LIMITS_BY_PLAN } from '../../support/spec-numbers';

/**
 * The lab is the supervisor's staff power over every tenant (part 2 §6): naming another tenant's
 * user, group or member is what it is for, and every other role hears 404 before the handler.
 */
const ANY_TENANT: NoTenantIds = { none: "the supervisor's lab acts on any tenant's records by design (part 2 §6); every other role hears 404" };

let made = 0;

/** A new user for one lab call to change or remove, with the network person who is them. */
export async function labTargetUser(db: AppDb): Promise<{ userId: number; memberId: number }> {
  made += 1;
  const fbUserId = `99${String(made).padStart(5, '0')}`;
  const [user] = await db.insert(users).values({ name: `Lab Target ${made}`, fb_user_id: fbUserId, fb_username: `lab.target.${made}` }).returning({ id: users.id });
  const [member] = await db.insert(members).values({ fb_user_id: fbUserId, name: `Lab Target ${made}` }).returning({ id: members.id });
  return { userId: user!.id, memberId: member!.id };
}

/**
 * A new group for one lab call to change, fake into or empty: held by a new user, with a
 * subscriber, a post with a reaction, a day of metrics and a day of spent removals.
 */
export async function labTargetGroup(db: AppDb): Promise<{ group_id: number; member_id: number; holder: { userId: number; memberId: number } }> {
  const holder = await labTargetUser(db);
  made += 1;
  const [group] = await db
    .insert(groups)
    .values({ fb_group_id: `89${String(made).padStart(5, '0')}`, name: `Lab Target Group ${made}`, subscribed_plan: 'annual', limits: SPEC_SYNC_LIMITS_BY_PLAN.annual })
    .returning({ id: groups.id });
  const [subscriber] = await db.insert(members).values({ fb_user_id: `99${String(made).padStart(5, '0')}`, name: `Lab Subscriber ${made}` }).returning({ id: members.id });
  await db.insert(memberships).values([
    { group_id: group!.id, member_id: holder.memberId, member_name: 'Lab Holder', role: 'admin', is_admin_holder: true },
    { group_id: group!.id, member_id: subscriber!.id, member_name: `Lab Subscriber ${made}`, reactions_count: 1 },
  ]);
  const [post] = await db
    .insert(posts)
    .values({ group_id: group!.id, member_id: holder.memberId, fb_post_id: `88${String(made).padStart(5, '0')}`, posted_at: new Date('2026-01-05T00:00:00Z'), reactions_count: 1 })
    .returning({ id: posts.id });
  await db.insert(engagements).values({ post_id: post!.id, group_id: group!.id, member_id: subscriber!.id, kind: 'reaction', fb_engagement_id: `r${made}` });
  await db.insert(daily_metrics).values({ group_id: group!.id, day: '2026-01-05', inactive: 1, active: 1 });
  await db.insert(removal_counters).values({ group_id: group!.id, day: '2026-01-05', count: 3 });
  return { group_id: group!.id, member_id: subscriber!.id, holder };
}

type LabRequest = NonNullable<MatrixRow['built']>['request'];

/** A lab call on a group made for it, with these fields besides. */
const onTargetGroup = (fields: Record<string, unknown> = {}): LabRequest => async (_world, { db }) => ({
  body: { group_id: (await labTargetGroup(db)).group_id, ...fields },
});

/** A lab call on a membership made for it. */
const onTargetMembership = (fields: Record<string, unknown> = {}): LabRequest => async (_world, { db }) => {
  const target = await labTargetGroup(db);
  return { body: { group_id: target.group_id, member_id: target.member_id, ...fields } };
};

/** A lab call on a user made for it. */
const onTargetUser = (fields: Record<string, unknown> = {}): LabRequest => async (_world, { db }) => ({
  body: { user_id: (await labTargetUser(db)).userId, ...fields },
});

/**
 * The lab's operations (part 2 §6, §7): staff only, so every other role hears 404. A call that
 * changes or removes what it names acts on records made for it, never on the role world's (the
 * matrix checks the role world after every operation); a truncation runs on a world of its own.
 */
export const LAB_ROWS: Record<string, MatrixRow> = {
  labFindUser: { access: 'supervisor', built: { status: 200, request: (world) => ({ body: { user_id: world.userIds.groupAdmin } }), crossTenant: ANY_TENANT } },
  labFindGroup: { access: 'supervisor', built: { status: 200, request: (world) => ({ body: { group_id: world.group.id } }), crossTenant: ANY_TENANT } },
  labFindMembership: {
    access: 'supervisor',
    built: { status: 200, request: (world) => ({ body: { group_id: world.group.id, member_id: world.memberId } }), crossTenant: ANY_TENANT },
  },
  labUpdateUser: {
    access: 'supervisor',
    built: { status: 200, destructive: 'named', request: onTargetUser({ remove_username: true, remove_profile_id: true, is_supervisor: true, is_banned: true }), crossTenant: ANY_TENANT },
  },
  labRemoveUser: { access: 'supervisor', built: { status: 200, destructive: 'named', request: onTargetUser(), crossTenant: ANY_TENANT } },
  labUpdateMembership: { access: 'supervisor', built: { status: 200, destructive: 'named', request: onTargetMembership({ role: 'admin' }), crossTenant: ANY_TENANT } },
  labRemoveMembership: { access: 'supervisor', built: { status: 200, destructive: 'named', request: onTargetMembership(), crossTenant: ANY_TENANT } },
  labUpdateGroup: {
    access: 'supervisor',
    built: { status: 200, destructive: 'named', request: onTargetGroup({ subscribed_plan: 'free', is_locked: true, subscribed_from: '2026-01-01' }), crossTenant: ANY_TENANT },
  },
  labRemoveGroup: { access: 'supervisor', built: { status: 200, destructive: 'named', request: onTargetGroup(), crossTenant: ANY_TENANT } },
  labRemoveMembers: { access: 'supervisor', built: { status: 200, destructive: 'named', request: onTargetGroup({ role: 'any' }), crossTenant: ANY_TENANT } },
  labFakeMembers: { access: 'supervisor', built: { status: 200, request: onTargetGroup({ count: 5, is_banned: true }), crossTenant: ANY_TENANT } },
  labMembersRemoval: { access: 'supervisor', built: { status: 200, destructive: 'named', request: onTargetGroup({ count: 5, period: 'week' }), crossTenant: ANY_TENANT } },
  labMembersRemovalReset: { access: 'supervisor', built: { status: 200, request: onTargetGroup(), crossTenant: ANY_TENANT } },
  // The matrix's payment provider knows no subscription of its groups; tests/api/lab/groups.test.ts syncs one it knows.
  labSyncSubscriptionFields: { access: 'supervisor', built: { status: 404, destructive: 'named', request: onTargetGroup(), crossTenant: ANY_TENANT } },
  labUpdateSubscription: {
    access: 'supervisor',
    built: { status: 200, destructive: 'named', request: onTargetGroup({ status: 'past_due', days_left: 15 }), crossTenant: ANY_TENANT },
  },
  labRemoveSubscription: { access: 'supervisor', built: { status: 200, destructive: 'named', request: onTargetGroup(), crossTenant: ANY_TENANT } },
  labFakePosts: { access: 'supervisor', built: { status: 200, request: onTargetGroup({ count: 3 }), crossTenant: ANY_TENANT } },
  labFakeReactions: { access: 'supervisor', built: { status: 200, request: onTargetGroup({ count: 3 }), crossTenant: ANY_TENANT } },
  labFakeComments: { access: 'supervisor', built: { status: 200, request: onTargetGroup({ count: 3 }), crossTenant: ANY_TENANT } },
  labFakeMetrics: { access: 'supervisor', built: { status: 200, request: onTargetGroup({ days: 3, reverse: true }), crossTenant: ANY_TENANT } },
  labRemovePosts: { access: 'supervisor', built: { status: 200, request: onTargetGroup(), crossTenant: ANY_TENANT } },
  labRemoveEngagements: { access: 'supervisor', built: { status: 200, request: onTargetGroup(), crossTenant: ANY_TENANT } },
  labRemoveMetrics: { access: 'supervisor', built: { status: 200, request: onTargetGroup(), crossTenant: ANY_TENANT } },
  labCreateRandomUser: { access: 'supervisor', built: { status: 200, crossTenant: ANY_TENANT } },
  labCreateRandomGroup: { access: 'supervisor', built: { status: 200, request: async (_world, { db }) => ({ body: { user_id: (await labTargetUser(db)).userId } }), crossTenant: ANY_TENANT } },
  labCreateRandomMember: { access: 'supervisor', built: { status: 200, request: onTargetGroup({ role: 'admin' }), crossTenant: ANY_TENANT } },
  labRemoveAllUsers: { access: 'supervisor', built: { status: 200, destructive: 'all', crossTenant: ANY_TENANT } },
  labRemoveAllGroups: { access: 'supervisor', built: { status: 200, destructive: 'all', crossTenant: ANY_TENANT } },
  labRemoveAllMembers: { access: 'supervisor', built: { status: 200, destructive: 'all', crossTenant: ANY_TENANT } },
};
