import type { MembershipRole } from '../db/enums';
import { DEFAULT_GROUP_SETTINGS } from '../db/group-defaults';
import type { GroupSettings } from '../db/json-types';
import type { ConnectedGroupDefinition } from './connected-groups';
import { personAt, type NetworkPerson } from './people';
import { joinedAtOfSlot, personIndexAtSlot, roleAtSlot, slotAtRank } from './placement';
import { generatePost, newestPostIndex, oldestPostIndexSince, type GeneratedEngagement, type GeneratedPost } from './posts';
import { hashUnit } from './random';
import { daysAfter, daysBefore, latest, minutesAfter, startOfUtcDay, utcDay } from './seed-time';
import { DAY_MS, type GroupLayout, type SandboxWorld } from './world';

/** How far back the seeded database holds the posts the robot scanned. */
export const SCANNED_POSTS_DAYS = 60;
const REMOVALS_PER_RUN = 90;

export interface ScannedMembership {
  slot: number;
  person: NetworkPerson;
  role: MembershipRole;
  holder: 'acquired' | 'granted' | null;
  granted_at: Date | null;
  is_removed: boolean;
  removed_at: Date | null;
  is_whitelisted: boolean;
  whitelisted_at: Date | null;
  posts_count: number;
  comments_count: number;
  reactions_count: number;
  last_activity_at: Date | null;
  first_synced_at: Date;
}

export interface ScannedPost {
  post: GeneratedPost;
  created_at: Date;
  reactions_count: number;
  comments_count: number;
  /** What the scan stored: reactions and comments up to the per-post limits, and shares. */
  engagements: GeneratedEngagement[];
}

/** A connected group as if the robot had been scanning it since it was connected. */
export interface ScannedGroup {
  definition: ConnectedGroupDefinition;
  layout: GroupLayout;
  settings: GroupSettings;
  connectedAt: Date;
  membersScannedAt: Date;
  engagementsScannedAt: Date;
  memberships: ScannedMembership[];
  posts: ScannedPost[];
}

/** How long the last members scan of a group of this size took (the sandbox robot reads some 800 members a minute). */
export function membersScanMinutes(size: number): number {
  return Math.ceil(size / 800) + 1;
}

export function scanConnectedGroup(
  world: SandboxWorld,
  layout: GroupLayout,
  definition: ConnectedGroupDefinition,
): ScannedGroup {
  const now = world.now;
  const settings = { ...DEFAULT_GROUP_SETTINGS, ...definition.settings };
  const connectedAt = daysBefore(now, definition.connectedDaysAgo);
  const membersScannedAt = new Date(now.getTime() - 20 * 3_600_000);
  // Sync Engagements runs after Sync Members has finished, as a schedule has it run.
  const engagementsScannedAt = minutesAfter(membersScannedAt, membersScanMinutes(layout.group.size) + 3);

  const memberships = Array.from({ length: layout.group.size }, (_, slot) =>
    newMembership(world, layout, slot, connectedAt, membersScannedAt),
  );
  markHolders(layout, definition, memberships, connectedAt);
  markRemovedAndWhitelisted(world, layout, definition, memberships);
  const posts = scanPosts(world, layout, settings, engagementsScannedAt);
  countActivity(posts, memberships);

  return { definition, layout, settings, connectedAt, membersScannedAt, engagementsScannedAt, memberships, posts };
}

function newMembership(
  world: SandboxWorld,
  layout: GroupLayout,
  slot: number,
  connectedAt: Date,
  membersScannedAt: Date,
): ScannedMembership {
  const joinedAt = joinedAtOfSlot(layout, world, slot);
  const firstSyncedAt =
    joinedAt < connectedAt
      ? new Date(connectedAt.getTime() + 120_000 + slot * 40)
      : new Date(Math.min(membersScannedAt.getTime(), joinedAt.getTime() + hashUnit(world.seed, layout.index, slot, 31) * 20 * 3_600_000));
  return {
    slot,
    person: personAt(world, personIndexAtSlot(layout, world, slot)),
    role: roleAtSlot(layout, slot),
    holder: null,
    granted_at: null,
    is_removed: false,
    removed_at: null,
    is_whitelisted: false,
    whitelisted_at: null,
    posts_count: 0,
    comments_count: 0,
    reactions_count: 0,
    last_activity_at: null,
    first_synced_at: firstSyncedAt,
  };
}

function markHolders(
  layout: GroupLayout,
  definition: ConnectedGroupDefinition,
  memberships: ScannedMembership[],
  connectedAt: Date,
): void {
  const holderSlot = layout.definition.accounts.findIndex(({ account }) => account === definition.holder);
  if (holderSlot === -1) throw new Error(`${definition.holder} is not a member of ${definition.key}`);
  Object.assign(memberships[holderSlot]!, { holder: 'acquired', granted_at: connectedAt });
  for (let other = 0; other < Math.min(definition.grantedAdmins, layout.otherAdmins); other += 1) {
    Object.assign(memberships[layout.accountSlots + other]!, { holder: 'granted', granted_at: daysAfter(connectedAt, 30) });
  }
}

/**
 * Admins remove members who never engage, so removals come from the least engaged end of the
 * ranking; most whitelisted members are quiet ones too, plus a few of the most active.
 */
function markRemovedAndWhitelisted(
  world: SandboxWorld,
  layout: GroupLayout,
  definition: ConnectedGroupDefinition,
  memberships: ScannedMembership[],
): void {
  const removedCount =
    'count' in definition.removed ? definition.removed.count : Math.round(definition.removed.share * layout.otherCount);
  const whitelistedCount = Math.max(1, Math.round(definition.whitelistedShare * layout.otherCount));
  const quietWhitelisted = Math.ceil(whitelistedCount * 0.75);
  const isOtherAdmin = (slot: number) => slot - layout.accountSlots < layout.otherAdmins;

  const quietSlots: number[] = [];
  for (let rank = layout.otherCount - 1; rank >= layout.engagedCount; rank -= 1) {
    const slot = slotAtRank(layout, rank);
    if (!isOtherAdmin(slot)) quietSlots.push(slot);
    if (quietSlots.length === removedCount + quietWhitelisted) break;
  }
  const runs = Math.max(1, Math.ceil(removedCount / REMOVALS_PER_RUN));
  quietSlots.slice(0, removedCount).forEach((slot, i) => {
    const run = i % runs;
    const runStart = new Date(startOfUtcDay(daysBefore(world.now, 12 + 9 * run)).getTime() + 14 * 3_600_000);
    Object.assign(memberships[slot]!, { is_removed: true, removed_at: new Date(runStart.getTime() + Math.floor(i / runs) * 40_000) });
  });

  const whitelistedSlots = quietSlots.slice(removedCount);
  for (let rank = 2; rank < layout.engagedCount && whitelistedSlots.length < whitelistedCount; rank += 9) {
    const slot = slotAtRank(layout, rank);
    if (!isOtherAdmin(slot)) whitelistedSlots.push(slot);
  }
  for (const slot of whitelistedSlots) {
    const daysAgo = 2 + hashUnit(world.seed, layout.index, slot, 33) * 148;
    Object.assign(memberships[slot]!, { is_whitelisted: true, whitelisted_at: daysBefore(world.now, daysAgo) });
  }
}

function scanPosts(world: SandboxWorld, layout: GroupLayout, settings: GroupSettings, scannedAt: Date): ScannedPost[] {
  const first = oldestPostIndexSince(world, layout, daysBefore(world.now, SCANNED_POSTS_DAYS));
  const last = newestPostIndex(world, layout, scannedAt);
  const posts: ScannedPost[] = [];
  for (let index = first; index <= last; index += 1) {
    const post = generatePost(world, layout, index);
    const seen = (engagement: GeneratedEngagement) => engagement.created_at <= scannedAt;
    const reactions = post.reactions.filter(seen);
    const comments = post.comments.filter(seen);
    posts.push({
      post,
      created_at: new Date(Math.min(scannedAt.getTime(), post.posted_at.getTime() + DAY_MS)),
      reactions_count: reactions.length,
      comments_count: comments.length,
      engagements: [
        ...reactions.slice(0, settings.engagement_sync_reactions_per_post),
        ...comments.slice(0, settings.engagement_sync_comments_per_post),
        ...post.shares.filter(seen),
      ],
    });
  }
  return posts;
}

/** Shares are stored but, like the members list, count no activity. */
function countActivity(posts: ScannedPost[], memberships: ScannedMembership[]): void {
  for (const { post, engagements } of posts) {
    const author = memberships[post.authorSlot]!;
    author.posts_count += 1;
    author.last_activity_at = latest(author.last_activity_at, post.posted_at);
    for (const engagement of engagements) {
      if (engagement.kind === 'share') continue;
      const member = memberships[engagement.slot]!;
      if (engagement.kind === 'reaction') member.reactions_count += 1;
      else member.comments_count += 1;
      member.last_activity_at = latest(member.last_activity_at, engagement.created_at);
    }
  }
}

export function removalCountsByDay(scanned: ScannedGroup): Map<string, number> {
  const counts = new Map<string, number>();
  for (const membership of scanned.memberships) {
    if (!membership.removed_at) continue;
    const day = utcDay(membership.removed_at);
    counts.set(day, (counts.get(day) ?? 0) + 1);
  }
  return counts;
}
