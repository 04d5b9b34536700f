import { SANDBOX_GROUPS, type SandboxGroupDefinition, type SandboxGroupKey } from './catalog';
import { sandboxAvatarUrl } from './avatars';
import { coprimeStep, modInverse, nextPrime } from './modular';
import { hashInts, hashUnit } from './random';
import type { TopicKey } from './topics';

export const DEFAULT_SANDBOX_SEED = 1;
export const DAY_MS = 86_400_000;

export interface SandboxWorldOptions {
  seed?: number;
  /** Multiplies group sizes: 1 is the real sandbox, tests use 0.02. */
  scale?: number;
  /** The present moment of the world: posts after it do not exist yet. */
  now: Date;
}

export interface NetworkGroup {
  key: SandboxGroupKey;
  fb_group_id: string;
  fb_slug: string;
  name: string;
  avatar_url: string;
  size: number;
  created_at: Date;
}

/**
 * How one group's members and posts are laid out. Members occupy slots: the accounts first,
 * then "others" drawn from the general population through a bijection slot -> person, so any
 * slot (or any person's slot) is computed without generating the rest.
 */
export interface GroupLayout {
  index: number;
  definition: SandboxGroupDefinition;
  group: NetworkGroup;
  topic: TopicKey;
  accountSlots: number;
  otherCount: number;
  otherAdmins: number;
  placementOffset: number;
  placementStep: number;
  placementInverse: number;
  /** Engagement ranks order the others from the most to the least engaged; ranks below engagedCount ever engage. */
  engagedCount: number;
  rankOffset: number;
  rankStep: number;
  postsPerDay: number;
  postIdBase: number;
  reactionsMean: number;
}

export interface SandboxWorld {
  seed: number;
  scale: number;
  now: Date;
  /** People other than the accounts; a prime, so every placement step is a bijection. */
  otherPopulation: number;
  userIdOffset: number;
  groups: readonly GroupLayout[];
  groupsByFbId: ReadonlyMap<string, GroupLayout>;
}

const POPULATION_PER_LARGEST_GROUP = 2.5;
const MIN_OTHER_POPULATION = 2_000;

export function createSandboxWorld(options: SandboxWorldOptions): SandboxWorld {
  const seed = options.seed ?? DEFAULT_SANDBOX_SEED;
  const scale = options.scale ?? 1;
  if (!(scale > 0)) throw new Error('scale must be positive');
  const sizes = SANDBOX_GROUPS.map((definition) => groupSize(definition, scale));
  const largestOthers = Math.max(...SANDBOX_GROUPS.map((definition, i) => sizes[i]! - definition.accounts.length));
  const otherPopulation = nextPrime(Math.max(MIN_OTHER_POPULATION, largestOthers * POPULATION_PER_LARGEST_GROUP));
  const groups = SANDBOX_GROUPS.map((definition, index) =>
    layoutGroup(seed, definition, index, sizes[index]!, otherPopulation),
  );
  return {
    seed,
    scale,
    now: options.now,
    otherPopulation,
    userIdOffset: hashInts(seed, 0x5eed) * 23 + hashInts(seed, 0xbeef),
    groups,
    groupsByFbId: new Map(groups.map((layout) => [layout.group.fb_group_id, layout])),
  };
}

function groupSize(definition: SandboxGroupDefinition, scale: number): number {
  const smallest = definition.accounts.length + definition.otherAdmins + 8;
  return Math.max(smallest, Math.round(definition.baseSize * scale));
}

function layoutGroup(
  seed: number,
  definition: SandboxGroupDefinition,
  index: number,
  size: number,
  otherPopulation: number,
): GroupLayout {
  const fbGroupId = String(1_000_000_000_000_000 + (hashInts(seed, index, 1) % 1_000_000_000_000) * 100 + index);
  const otherCount = size - definition.accounts.length;
  const placementStep = coprimeStep(otherPopulation, hashUnit(seed, index, 2));
  const rankStep = coprimeStep(otherCount, hashUnit(seed, index, 3));
  return {
    index,
    definition,
    topic: definition.topic,
    group: {
      key: definition.key,
      fb_group_id: fbGroupId,
      fb_slug: definition.slug,
      name: definition.name,
      avatar_url: sandboxAvatarUrl(fbGroupId),
      size,
      created_at: new Date(`${definition.foundedOn}T09:00:00Z`),
    },
    accountSlots: definition.accounts.length,
    otherCount,
    otherAdmins: definition.otherAdmins,
    placementOffset: hashInts(seed, index, 4) % otherPopulation,
    placementStep,
    placementInverse: modInverse(placementStep, otherPopulation),
    engagedCount: Math.max(1, Math.round(otherCount * definition.engagedShare)),
    rankOffset: hashInts(seed, index, 5) % otherCount,
    rankStep,
    postsPerDay: 0.4 + size / 1_500,
    postIdBase: 2_000_000_000_000_000 + index * 10_000_000_000_000 + (hashInts(seed, index, 6) % 1_000_000) * 1_000_000,
    reactionsMean: 1.5 + Math.sqrt(size) * 0.15,
  };
}
