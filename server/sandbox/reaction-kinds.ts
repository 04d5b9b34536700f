import { hashString } from './random';

export const NETWORK_REACTION_KINDS = ['like', 'love', 'care', 'haha', 'wow', 'sad', 'angry'] as const;
export type NetworkReactionKind = (typeof NETWORK_REACTION_KINDS)[number];

/** Out of 20 reactions: mostly likes, then loves, and one each of the rest (angry takes what is left). */
const SHARES: ReadonlyArray<[NetworkReactionKind, number]> = [
  ['like', 11],
  ['love', 4],
  ['care', 1],
  ['haha', 1],
  ['wow', 1],
  ['sad', 1],
];

/** Which reaction a person gave, fixed by the reaction's id (the network stores only that someone reacted). */
export function reactionKindOf(fbEngagementId: string): NetworkReactionKind {
  let position = hashString(fbEngagementId) % 20;
  for (const [kind, share] of SHARES) {
    if (position < share) return kind;
    position -= share;
  }
  return 'angry';
}
