import type { EngagementKind, MembershipRole } from '../db/enums';
import type { SandboxGroupKey } from './catalog';
import { personAt, personIndexOf, type NetworkPerson } from './people';
import { joinedAtOfSlot, personIndexAtSlot, roleAtSlot, slotOfPerson } from './placement';
import { adminSlotsOf, generatePost, newestPostIndex, type GeneratedEngagement } from './posts';
import type { GroupLayout, NetworkGroup, SandboxWorld } from './world';

/**
 * The sandbox social network, as pure functions of the world (seed, scale, now). Nothing is
 * stored except removals, which callers pass in as the set of removed fb_user_ids.
 */

export type { NetworkGroup, SandboxWorld } from './world';
export type { NetworkPerson } from './people';

export interface NetworkMember extends NetworkPerson {
  role: MembershipRole;
  joined_at: Date;
}

export interface NetworkEngagement {
  fb_engagement_id: string;
  kind: EngagementKind;
  fb_user_id: string;
  name: string;
  created_at: Date;
}

export interface NetworkPost {
  fb_post_id: string;
  fb_group_id: string;
  posted_at: Date;
  text: string;
  picture: string | null;
  author_fb_user_id: string;
  member_name: string;
  reactions_count: number;
  comments_count: number;
  shares_count: number;
  /** The first reactions, up to reactionsPerPost, oldest first. */
  reactions: NetworkEngagement[];
  /** The first comments, up to commentsPerPost, oldest first. */
  comments: NetworkEngagement[];
  shares: NetworkEngagement[];
}

export interface Page<T> {
  items: T[];
  /** Pass back to get the next page; null on the last page. */
  next_cursor: string | null;
}

export class SandboxGroupNotFoundError extends Error {
  constructor(fbGroupId: string) {
    super(`No sandbox group ${fbGroupId}`);
    this.name = 'SandboxGroupNotFoundError';
  }
}

/** A page cursor this network never gave out: not a position, or past the end of the list it pages. */
export class SandboxCursorError extends Error {
  constructor(cursor: string) {
    super(`Bad sandbox cursor ${cursor}`);
    this.name = 'SandboxCursorError';
  }
}

export function listNetworkGroups(world: SandboxWorld): NetworkGroup[] {
  return world.groups.map((layout) => layout.group);
}

export function findNetworkGroup(world: SandboxWorld, fbGroupId: string): NetworkGroup | undefined {
  return world.groupsByFbId.get(fbGroupId)?.group;
}

export function networkGroupByKey(world: SandboxWorld, key: SandboxGroupKey): NetworkGroup {
  const layout = world.groups.find((candidate) => candidate.definition.key === key);
  if (!layout) throw new Error(`Unknown sandbox group key ${key}`);
  return layout.group;
}

function layoutOf(world: SandboxWorld, fbGroupId: string): GroupLayout {
  const layout = world.groupsByFbId.get(fbGroupId);
  if (!layout) throw new SandboxGroupNotFoundError(fbGroupId);
  return layout;
}

function memberAtSlot(world: SandboxWorld, layout: GroupLayout, slot: number): NetworkMember {
  return {
    ...personAt(world, personIndexAtSlot(layout, world, slot)),
    role: roleAtSlot(layout, slot),
    joined_at: joinedAtOfSlot(layout, world, slot),
  };
}

export interface ListGroupMembersOptions {
  cursor?: string | null;
  limit: number;
  /** fb_user_ids removed from this group; they are skipped. */
  removed?: ReadonlySet<string>;
}

/** Members in a fixed order (founders first); the cursor is a position in that order. */
export function listGroupMembers(
  world: SandboxWorld,
  fbGroupId: string,
  options: ListGroupMembersOptions,
): Page<NetworkMember> {
  const layout = layoutOf(world, fbGroupId);
  const size = layout.group.size;
  const items: NetworkMember[] = [];
  let slot = parseCursor(options.cursor, 0, size);
  while (slot < size && items.length < options.limit) {
    const member = memberAtSlot(world, layout, slot);
    if (!options.removed?.has(member.fb_user_id)) items.push(member);
    slot += 1;
  }
  return { items, next_cursor: slot < size ? String(slot) : null };
}

export function listGroupAdmins(world: SandboxWorld, fbGroupId: string): NetworkMember[] {
  const layout = layoutOf(world, fbGroupId);
  return adminSlotsOf(layout).map((slot) => memberAtSlot(world, layout, slot));
}

/** The person as a member of the group, or undefined when they are not in it (or there is no such group). */
export function findGroupMember(world: SandboxWorld, fbGroupId: string, fbUserId: string): NetworkMember | undefined {
  const layout = world.groupsByFbId.get(fbGroupId);
  const personIndex = personIndexOf(world, fbUserId);
  if (!layout || personIndex === undefined) return undefined;
  const slot = slotOfPerson(layout, world, personIndex);
  return slot === undefined ? undefined : memberAtSlot(world, layout, slot);
}

export interface UserGroup {
  group: NetworkGroup;
  role: MembershipRole;
  joined_at: Date;
}

/** The groups a person belongs to, with their role in each. */
export function listUserGroups(world: SandboxWorld, fbUserId: string): UserGroup[] {
  const personIndex = personIndexOf(world, fbUserId);
  if (personIndex === undefined) return [];
  return world.groups.flatMap((layout) => {
    const slot = slotOfPerson(layout, world, personIndex);
    if (slot === undefined) return [];
    return [{ group: layout.group, role: roleAtSlot(layout, slot), joined_at: joinedAtOfSlot(layout, world, slot) }];
  });
}

export interface ListGroupPostsOptions {
  cursor?: string | null;
  limit: number;
  reactionsPerPost: number;
  commentsPerPost: number;
  /** Stop at posts published before this moment (a look-behind by days). */
  postedAfter?: Date;
}

/** Posts newest first, as of the world's `now`. */
export function listGroupPosts(world: SandboxWorld, fbGroupId: string, options: ListGroupPostsOptions): Page<NetworkPost> {
  const layout = layoutOf(world, fbGroupId);
  const items: NetworkPost[] = [];
  const newest = newestPostIndex(world, layout, world.now);
  let index = parseCursor(options.cursor, newest, newest);
  while (index >= 0 && items.length < options.limit) {
    const post = networkPost(world, layout, index, options);
    if (options.postedAfter && post.posted_at < options.postedAfter) return { items, next_cursor: null };
    items.push(post);
    index -= 1;
  }
  return { items, next_cursor: index >= 0 ? String(index) : null };
}

function networkPost(
  world: SandboxWorld,
  layout: GroupLayout,
  index: number,
  limits: Pick<ListGroupPostsOptions, 'reactionsPerPost' | 'commentsPerPost'>,
): NetworkPost {
  const post = generatePost(world, layout, index);
  const author = personAt(world, personIndexAtSlot(layout, world, post.authorSlot));
  const toNetwork = (engagement: GeneratedEngagement): NetworkEngagement => {
    const person = personAt(world, personIndexAtSlot(layout, world, engagement.slot));
    return {
      fb_engagement_id: engagement.fb_engagement_id,
      kind: engagement.kind,
      fb_user_id: person.fb_user_id,
      name: person.name,
      created_at: engagement.created_at,
    };
  };
  return {
    fb_post_id: post.fb_post_id,
    fb_group_id: layout.group.fb_group_id,
    posted_at: post.posted_at,
    text: post.text,
    picture: post.picture,
    author_fb_user_id: author.fb_user_id,
    member_name: author.name,
    reactions_count: post.reactions.length,
    comments_count: post.comments.length,
    shares_count: post.shares.length,
    reactions: post.reactions.slice(0, limits.reactionsPerPost).map(toNetwork),
    comments: post.comments.slice(0, limits.commentsPerPost).map(toNetwork),
    shares: post.shares.map(toNetwork),
  };
}

function parseCursor(cursor: string | null | undefined, fallback: number, last: number): number {
  if (cursor === undefined || cursor === null || cursor === '') return fallback;
  if (!/^\d+$/.test(cursor) || Number(cursor) > last) throw new SandboxCursorError(cursor);
  return Number(cursor);
}
