import { randomInt } from 'node:crypto';
import { sandboxAvatarUrl } from '../../sandbox/avatars';
import { generatedProfile } from '../../sandbox/people';
import { hashInts, hashUnit, pick } from '../../sandbox/random';
import { TOPICS, type TopicKey } from '../../sandbox/topics';
import type { ScannedPerson } from '../network-people';

/** The seed the lab's fake people are drawn with, as the sandbox draws its population with its own. */
const LAB_SEED = 0x1ab;

const LAB_ID_DIGITS = 8;

/**
 * New network ids for what the lab fakes (people, groups, posts, comments): 17 digits starting with
 * 7, a space neither the sandbox network (15 and 19 digits) nor the role fixtures use, drawn at
 * random so two lab calls never make the same ones.
 */
export function labNetworkIds(count: number): string[] {
  const ids = new Set<string>();
  const half = () => String(randomInt(0, 10 ** LAB_ID_DIGITS)).padStart(LAB_ID_DIGITS, '0');
  while (ids.size < count) ids.add(`7${half()}${half()}`);
  return [...ids];
}

/** The index a lab id draws its person with: the same id always makes the same person. */
const personIndexOf = (fbId: string) => Number(fbId.slice(-9));

/** A fake person of the network, drawn from the sandbox's name lists: a username for most, a bio for many. */
export function fakePerson(fbUserId: string, options: { isBanned?: boolean; sandbox: boolean }): ScannedPerson & { first_name: string; last_name: string } {
  const profile = generatedProfile(LAB_SEED, personIndexOf(fbUserId));
  return {
    fb_user_id: fbUserId,
    name: profile.name,
    first_name: profile.first_name,
    last_name: profile.last_name,
    fb_username: profile.fb_username,
    avatar_url: options.sandbox ? sandboxAvatarUrl(fbUserId) : null,
    bio: profile.bio,
    is_banned: options.isBanned ?? false,
  };
}

/** A fake user's own fields: the person's name, and an address at example.com. */
export function fakeUser(fbUserId: string, sandbox: boolean) {
  const person = fakePerson(fbUserId, { sandbox });
  return {
    fb_user_id: fbUserId,
    fb_username: person.fb_username ?? null,
    name: person.name,
    first_name: person.first_name,
    last_name: person.last_name,
    email: `${person.first_name}.${person.last_name}.${fbUserId.slice(-4)}@example.com`.toLowerCase(),
    avatar_url: person.avatar_url ?? null,
  };
}

const TOPIC_KEYS = Object.keys(TOPICS) as TopicKey[];

/** What a group's fake posts talk about: one of the sandbox's topics, fixed by the group. */
export function topicOf(groupId: number): TopicKey {
  return pick(TOPIC_KEYS, hashUnit(LAB_SEED, groupId));
}

const titleCase = (words: string) => words.replace(/(^|[\s-])(\p{L})/gu, (_match, gap: string, letter: string) => gap + letter.toUpperCase());

const GROUP_NAMES: Array<(topic: (typeof TOPICS)[TopicKey], unit: () => number) => string> = [
  (topic, unit) => `${titleCase(pick(topic.activities, unit()))} Club`,
  (topic, unit) => `${titleCase(pick(topic.things, unit()))} Owners`,
  (topic, unit) => `${titleCase(pick(topic.activities, unit()))} Circle`,
  (topic, unit) => `${titleCase(pick(topic.things, unit()))} Swap`,
];

/** A fake group of the network: a name from one of the sandbox's topics, a slug made of it. */
export function fakeGroup(fbGroupId: string, sandbox: boolean) {
  const index = personIndexOf(fbGroupId);
  let draw = 0;
  const unit = () => hashUnit(LAB_SEED, index, (draw += 1));
  const topic = TOPICS[pick(TOPIC_KEYS, unit())];
  const name = pick(GROUP_NAMES, unit())(topic, unit);
  const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '')}${hashInts(LAB_SEED, index) % 1000}`;
  return { fb_group_id: fbGroupId, fb_slug: slug, name, avatar_url: sandbox ? sandboxAvatarUrl(fbGroupId) : null };
}
