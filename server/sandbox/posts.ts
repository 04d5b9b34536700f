import type { EngagementKind } from '../db/enums';
import { sandboxPictureUrl } from './avatars';
import { slotAtRank } from './placement';
import { composePostText } from './post-text';
import { hashInts, hashUnit, mulberry32 } from './random';
import { DAY_MS, type GroupLayout, type SandboxWorld } from './world';

/** An engagement as generated: who (by slot in the group) and when. */
export interface GeneratedEngagement {
  fb_engagement_id: string;
  kind: EngagementKind;
  slot: number;
  created_at: Date;
}

export interface GeneratedPost {
  index: number;
  fb_post_id: string;
  posted_at: Date;
  text: string;
  picture: string | null;
  authorSlot: number;
  /** Only what exists at the world's `now`, oldest first. */
  reactions: GeneratedEngagement[];
  comments: GeneratedEngagement[];
  shares: GeneratedEngagement[];
}

const POST_ID_STEP = 7;
const KIND_DIGIT: Record<EngagementKind, string> = { reaction: '1', comment: '2', share: '3' };
const HOUR_MS = 3_600_000;
const MAX_ENGAGEMENT_DELAY_MS = 10 * DAY_MS;

/**
 * Post k of a group is published in the k-th slot of its timeline (which starts when the
 * group was founded) at a jittered moment, so the timeline is fixed forever and new posts
 * appear simply because `now` moves on.
 */
function postGapMs(layout: GroupLayout): number {
  return DAY_MS / layout.postsPerDay;
}

function postTime(world: SandboxWorld, layout: GroupLayout, index: number): Date {
  const jitter = hashUnit(world.seed, layout.index, index, 21) * 0.9;
  return new Date(layout.group.created_at.getTime() + Math.floor((index + jitter) * postGapMs(layout)));
}

/** The newest post published by `at`, or -1 when there is none. */
export function newestPostIndex(world: SandboxWorld, layout: GroupLayout, at: Date): number {
  const elapsed = at.getTime() - layout.group.created_at.getTime();
  if (elapsed < 0) return -1;
  let index = Math.floor(elapsed / postGapMs(layout));
  while (index >= 0 && postTime(world, layout, index) > at) index -= 1;
  return index;
}

/** The oldest post published at or after `at`. */
export function oldestPostIndexSince(world: SandboxWorld, layout: GroupLayout, at: Date): number {
  const elapsed = at.getTime() - layout.group.created_at.getTime();
  if (elapsed <= 0) return 0;
  let index = Math.max(0, Math.floor(elapsed / postGapMs(layout)) - 1);
  while (postTime(world, layout, index) < at) index += 1;
  return index;
}

function fbPostIdOf(layout: GroupLayout, index: number): string {
  return String(layout.postIdBase + index * POST_ID_STEP);
}

export function generatePost(world: SandboxWorld, layout: GroupLayout, index: number): GeneratedPost {
  const random = mulberry32(hashInts(world.seed, layout.index, index, 77));
  const fbPostId = fbPostIdOf(layout, index);
  const postedAt = postTime(world, layout, index);
  const authorSlot = chooseAuthor(layout, random);
  const text = composePostText(random, layout.topic);
  const picture = random() < 0.25 ? sandboxPictureUrl(fbPostId) : null;

  const viral = random() < 0.03 ? 6 : 1;
  const reactionTotal = Math.min(
    layout.engagedCount,
    Math.floor(layout.reactionsMean * (0.3 + 2.2 * random() ** 3) * viral),
  );
  const commentTotal = Math.floor(reactionTotal * (0.15 + 0.35 * random()));
  const shareTotal = Math.floor(reactionTotal * 0.1 * random());

  const reactors = distinctRanks(layout.engagedCount, reactionTotal, random);
  const make = (kind: EngagementKind, ranks: number[], meanDelayHours: number) =>
    visibleOldestFirst(
      ranks.map((rank, j) => ({
        fb_engagement_id: `${fbPostId}${KIND_DIGIT[kind]}${String(j).padStart(4, '0')}`,
        kind,
        slot: slotAtRank(layout, rank),
        created_at: new Date(postedAt.getTime() + engagementDelayMs(random(), meanDelayHours)),
      })),
      world.now,
    );

  return {
    index,
    fb_post_id: fbPostId,
    posted_at: postedAt,
    text,
    picture,
    authorSlot,
    reactions: make('reaction', reactors, 5),
    comments: make('comment', skewedRanks(layout.engagedCount, commentTotal, 1.4, random), 9),
    shares: make('share', skewedRanks(layout.engagedCount, shareTotal, 1.2, random), 12),
  };
}

/** Admins post announcements now and then; otherwise the most engaged members post most. */
function chooseAuthor(layout: GroupLayout, random: () => number): number {
  if (random() < 0.03) {
    const adminSlots = adminSlotsOf(layout);
    if (adminSlots.length > 0) return adminSlots[Math.floor(random() * adminSlots.length)]!;
  }
  return slotAtRank(layout, Math.floor(layout.engagedCount * random() ** 2.2));
}

export function adminSlotsOf(layout: GroupLayout): number[] {
  const slots: number[] = [];
  layout.definition.accounts.forEach(({ role }, slot) => {
    if (role === 'admin') slots.push(slot);
  });
  for (let other = 0; other < layout.otherAdmins; other += 1) slots.push(layout.accountSlots + other);
  return slots;
}

function skewedRanks(engagedCount: number, count: number, skew: number, random: () => number): number[] {
  return Array.from({ length: count }, () => Math.floor(engagedCount * random() ** skew));
}

/** One reaction per person: skewed towards the most engaged, then probing for a free rank. */
function distinctRanks(engagedCount: number, count: number, random: () => number): number[] {
  const taken = new Set<number>();
  const ranks: number[] = [];
  while (ranks.length < count) {
    let rank = Math.floor(engagedCount * random() ** 1.6);
    while (taken.has(rank)) rank = (rank + 1) % engagedCount;
    taken.add(rank);
    ranks.push(rank);
  }
  return ranks;
}

function engagementDelayMs(unit: number, meanHours: number): number {
  return Math.min(MAX_ENGAGEMENT_DELAY_MS, Math.floor(-Math.log(1 - unit) * meanHours * HOUR_MS) + 60_000);
}

function visibleOldestFirst(engagements: GeneratedEngagement[], now: Date): GeneratedEngagement[] {
  return engagements
    .filter((engagement) => engagement.created_at <= now)
    .sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || a.fb_engagement_id.localeCompare(b.fb_engagement_id));
}
