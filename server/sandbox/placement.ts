import type { MembershipRole } from '../db/enums';
import { SANDBOX_ACCOUNTS, accountPersonIndex } from './accounts';
import { mod } from './modular';
import type { GroupLayout, SandboxWorld } from './world';

/** Slot -> person of the network, for one group. */
export function personIndexAtSlot(layout: GroupLayout, world: SandboxWorld, slot: number): number {
  if (slot < layout.accountSlots) return accountPersonIndex(layout.definition.accounts[slot]!.account);
  const other = slot - layout.accountSlots;
  return SANDBOX_ACCOUNTS.length + mod(layout.placementOffset + other * layout.placementStep, world.otherPopulation);
}

/** Person -> their slot in the group, or undefined when they are not a member. */
export function slotOfPerson(layout: GroupLayout, world: SandboxWorld, personIndex: number): number | undefined {
  if (personIndex < SANDBOX_ACCOUNTS.length) {
    const slot = layout.definition.accounts.findIndex(({ account }) => accountPersonIndex(account) === personIndex);
    return slot === -1 ? undefined : slot;
  }
  const position = personIndex - SANDBOX_ACCOUNTS.length;
  const other = mod((position - layout.placementOffset) * layout.placementInverse, world.otherPopulation);
  return other < layout.otherCount ? layout.accountSlots + other : undefined;
}

export function roleAtSlot(layout: GroupLayout, slot: number): MembershipRole {
  if (slot < layout.accountSlots) return layout.definition.accounts[slot]!.role;
  return slot - layout.accountSlots < layout.otherAdmins ? 'admin' : 'subscriber';
}

const JOIN_CURVE = 0.85;

/** Founders joined first; the group kept growing, a little faster lately. */
export function joinedAtOfSlot(layout: GroupLayout, world: SandboxWorld, slot: number): Date {
  const start = layout.group.created_at.getTime();
  const span = Math.max(0, world.now.getTime() - start - 86_400_000);
  return new Date(start + Math.floor(span * joinedFraction(slot, layout.group.size)));
}

function joinedFraction(slot: number, size: number): number {
  return Math.pow(slot / size, JOIN_CURVE);
}

/** How many members had joined by `at` (inverse of joinedAtOfSlot). */
export function membersJoinedBy(layout: GroupLayout, world: SandboxWorld, at: Date): number {
  const start = layout.group.created_at.getTime();
  const span = Math.max(1, world.now.getTime() - start - 86_400_000);
  const fraction = Math.min(1, Math.max(0, (at.getTime() - start) / span));
  return Math.min(layout.group.size, Math.floor(Math.pow(fraction, 1 / JOIN_CURVE) * layout.group.size) + 1);
}

/** Engagement rank -> slot. Rank 0 is the most engaged member. */
export function slotAtRank(layout: GroupLayout, rank: number): number {
  return layout.accountSlots + mod(layout.rankOffset + rank * layout.rankStep, layout.otherCount);
}
