import { isPaidPlan } from '../../rules/plans';
import { DEFAULT_GROUP_SCHEDULE, GROUP_LIMITS_BY_PLAN } from '../db/group-defaults';
import type { GroupSchedule } from '../db/json-types';
import type { engagements, groups, members, memberships, posts } from '../db/schema';
import type { NetworkPerson } from './people';
import type { ScannedGroup } from './seed-scan';
import type { SeedIds } from './seed-ids';
import { daysAfter, daysBefore } from './seed-time';
import type { SandboxWorld } from './world';

type GroupInsert = typeof groups.$inferInsert;
type MemberInsert = typeof members.$inferInsert;
type MembershipInsert = typeof memberships.$inferInsert;
type PostInsert = typeof posts.$inferInsert;
type EngagementInsert = typeof engagements.$inferInsert;

const PAID_PLANS_WITH_RENEWAL = new Set(['monthly', 'annual']);

export function groupRow(world: SandboxWorld, scanned: ScannedGroup): GroupInsert {
  const { definition, layout, settings } = scanned;
  return {
    fb_group_id: layout.group.fb_group_id,
    fb_slug: layout.group.fb_slug,
    name: layout.group.name,
    avatar_url: layout.group.avatar_url,
    subscribed_plan: definition.plan,
    subscription_status: definition.subscription_status,
    subscribed_from_at: definition.subscribedDaysAgo === null ? null : daysBefore(world.now, definition.subscribedDaysAgo),
    subscription_ends_at:
      definition.subscriptionEndsInDays === null ? null : daysAfter(world.now, definition.subscriptionEndsInDays),
    stripe_subscription_id: PAID_PLANS_WITH_RENEWAL.has(definition.plan) ? `sub_sandbox_${definition.key}` : null,
    is_locked: definition.is_locked,
    flags: { checkbox_payment_terms_accept: isPaidPlan(definition.plan), count_payment_error: definition.countPaymentError },
    settings,
    limits: GROUP_LIMITS_BY_PLAN[definition.plan],
    schedule: definition.scheduleEnabled ? enabledSchedule() : DEFAULT_GROUP_SCHEDULE,
    created_at: scanned.connectedAt,
    updated_at: scanned.engagementsScannedAt,
  };
}

function enabledSchedule(): GroupSchedule {
  return {
    fetch_group_members: { ...DEFAULT_GROUP_SCHEDULE.fetch_group_members, enabled: true, everyDay: '03:00:00' },
    fetch_group_posts: { ...DEFAULT_GROUP_SCHEDULE.fetch_group_posts, enabled: true },
  };
}

/** Every person of every connected group, once, first seen at their earliest sync. */
export function memberRows(scannedGroups: readonly ScannedGroup[]): MemberInsert[] {
  const byFbUserId = new Map<string, { person: NetworkPerson; first: Date; last: Date }>();
  for (const scanned of scannedGroups) {
    for (const { person, first_synced_at } of scanned.memberships) {
      const known = byFbUserId.get(person.fb_user_id);
      if (!known) {
        byFbUserId.set(person.fb_user_id, { person, first: first_synced_at, last: scanned.membersScannedAt });
        continue;
      }
      if (first_synced_at < known.first) known.first = first_synced_at;
      if (scanned.membersScannedAt > known.last) known.last = scanned.membersScannedAt;
    }
  }
  return [...byFbUserId.values()].map(({ person, first, last }) => ({
    fb_user_id: person.fb_user_id,
    fb_username: person.fb_username,
    name: person.name,
    avatar_url: person.avatar_url,
    bio: person.bio,
    created_at: first,
    updated_at: last,
  }));
}

export function membershipRows(scanned: ScannedGroup, ids: SeedIds): MembershipInsert[] {
  const group_id = ids.group(scanned.definition.key);
  const holderUserId = ids.user(scanned.definition.holder);
  return scanned.memberships.map((membership) => ({
    group_id,
    member_id: ids.member(membership.person.fb_user_id),
    member_name: membership.person.name,
    role: membership.role,
    is_admin_holder: membership.holder !== null,
    granted_by_user_id: membership.holder === 'granted' ? holderUserId : null,
    granted_at: membership.granted_at,
    is_removed: membership.is_removed,
    is_whitelisted: membership.is_whitelisted,
    removed_at: membership.removed_at,
    last_activity_at: membership.last_activity_at,
    posts_count: membership.posts_count,
    comments_count: membership.comments_count,
    reactions_count: membership.reactions_count,
    created_at: membership.first_synced_at,
    updated_at: latestChange(scanned, membership.removed_at, membership.whitelisted_at),
  }));
}

function latestChange(scanned: ScannedGroup, ...moments: Array<Date | null>): Date {
  return moments.reduce<Date>((latest, moment) => (moment && moment > latest ? moment : latest), scanned.membersScannedAt);
}

export function postRows(scanned: ScannedGroup, ids: SeedIds): PostInsert[] {
  const group_id = ids.group(scanned.definition.key);
  return scanned.posts.map(({ post, created_at, reactions_count, comments_count }) => {
    const author = scanned.memberships[post.authorSlot]!.person;
    return {
      group_id,
      member_id: ids.member(author.fb_user_id),
      fb_post_id: post.fb_post_id,
      posted_at: post.posted_at,
      text: post.text,
      picture: post.picture,
      member_name: author.name,
      comments_count,
      reactions_count,
      created_at,
      updated_at: scanned.engagementsScannedAt,
    };
  });
}

export function engagementRows(
  scanned: ScannedGroup,
  ids: SeedIds,
  postId: (fbPostId: string) => number,
): EngagementInsert[] {
  const group_id = ids.group(scanned.definition.key);
  return scanned.posts.flatMap(({ post, engagements: stored }) =>
    stored.map((engagement) => ({
      post_id: postId(post.fb_post_id),
      group_id,
      member_id: ids.member(scanned.memberships[engagement.slot]!.person.fb_user_id),
      kind: engagement.kind,
      fb_engagement_id: engagement.fb_engagement_id,
      created_at: engagement.created_at,
    })),
  );
}
