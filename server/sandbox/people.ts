import { SANDBOX_ACCOUNTS, accountPersonIndex, type SandboxAccountKey } from './accounts';
import { sandboxAvatarUrl } from './avatars';
import { mod, modInverse, mulMod } from './modular';
import { BIO_PHRASES, FIRST_NAMES, LAST_NAMES } from './names';
import { hashInts, hashUnit, pick } from './random';
import type { SandboxWorld } from './world';

export interface NetworkPerson {
  fb_user_id: string;
  fb_username: string | null;
  name: string;
  first_name: string;
  last_name: string;
  avatar_url: string;
  bio: string | null;
}

/** Person indexes are scrambled into 15-digit ids that look like the social network's. */
const ID_SPACE = 100_000_000_000;
const ID_MULTIPLIER = 3_740_067_379;
const ID_MULTIPLIER_INVERSE = modInverse(ID_MULTIPLIER, ID_SPACE);
const ID_PREFIX = '1000';

function populationSize(world: SandboxWorld): number {
  return SANDBOX_ACCOUNTS.length + world.otherPopulation;
}

function fbUserIdOf(world: SandboxWorld, personIndex: number): string {
  const scrambled = mod(mulMod(personIndex, ID_MULTIPLIER, ID_SPACE) + world.userIdOffset, ID_SPACE);
  return ID_PREFIX + String(scrambled).padStart(11, '0');
}

export function personIndexOf(world: SandboxWorld, fbUserId: string): number | undefined {
  if (!/^\d{15}$/.test(fbUserId) || !fbUserId.startsWith(ID_PREFIX)) return undefined;
  const scrambled = Number(fbUserId.slice(ID_PREFIX.length));
  const index = mulMod(mod(scrambled - world.userIdOffset, ID_SPACE), ID_MULTIPLIER_INVERSE, ID_SPACE);
  return index < populationSize(world) ? index : undefined;
}

export function personAt(world: SandboxWorld, personIndex: number): NetworkPerson {
  const fbUserId = fbUserIdOf(world, personIndex);
  const account = SANDBOX_ACCOUNTS[personIndex];
  if (account) {
    return {
      fb_user_id: fbUserId,
      fb_username: `${account.first_name}.${account.last_name}`.toLowerCase(),
      name: account.name,
      first_name: account.first_name,
      last_name: account.last_name,
      avatar_url: sandboxAvatarUrl(fbUserId),
      bio: null,
    };
  }
  const profile = generatedProfile(world.seed, personIndex);
  return {
    fb_user_id: fbUserId,
    fb_username: profile.fb_username,
    name: profile.name,
    first_name: profile.first_name,
    last_name: profile.last_name,
    avatar_url: sandboxAvatarUrl(fbUserId),
    bio: profile.bio,
  };
}

/**
 * The profile of the population's person `personIndex` under `seed`: a name from the name lists,
 * a username for seven in ten, a bio of up to three phrases for three in four. The lab's fake
 * people are drawn the same way.
 */
export function generatedProfile(seed: number, personIndex: number): Omit<NetworkPerson, 'fb_user_id' | 'avatar_url'> {
  const firstName = pick(FIRST_NAMES, hashUnit(seed, personIndex, 11));
  const lastName = pick(LAST_NAMES, hashUnit(seed, personIndex, 12));
  const hasUsername = hashUnit(seed, personIndex, 13) < 0.7;
  return {
    fb_username: hasUsername ? `${firstName}.${lastName}.${personIndex}`.toLowerCase() : null,
    name: `${firstName} ${lastName}`,
    first_name: firstName,
    last_name: lastName,
    bio: bioOf(seed, personIndex),
  };
}

function bioOf(seed: number, personIndex: number): string | null {
  const phrases = hashInts(seed, personIndex, 14) % 4;
  if (phrases === 0) return null;
  const chosen = new Set<string>();
  for (let i = 0; i < phrases; i += 1) chosen.add(pick(BIO_PHRASES, hashUnit(seed, personIndex, 15, i)));
  return [...chosen].join(' ');
}

export function findPerson(world: SandboxWorld, fbUserId: string): NetworkPerson | undefined {
  const index = personIndexOf(world, fbUserId);
  return index === undefined ? undefined : personAt(world, index);
}

export function accountPerson(world: SandboxWorld, key: SandboxAccountKey): NetworkPerson {
  return personAt(world, accountPersonIndex(key));
}
