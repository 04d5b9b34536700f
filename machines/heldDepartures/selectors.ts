import type { SnapshotFrom } from 'xstate';
import type { HeldDeparturesEmitted, heldDeparturesMachine } from './machine';
import { countOf, pluralWord } from '../../src/ui/plural';

type HeldDeparturesSnapshot = SnapshotFrom<typeof heldDeparturesMachine>;

/** How many of them the notice names. */
const NAMES_SHOWN = 5;

const members = (count: number) => countOf(count, 'member');

export interface DeparturesNotice {
  message: string;
  /** Some of them by name, so the admin can tell a real departure from an incomplete scan. */
  sample: string | null;
  /** The decision under way, whose button shows it; both buttons wait meanwhile. */
  deciding: 'confirm' | 'keep' | null;
  failure: string | null;
}

/** The members page's notice while a members scan's departures wait for the admin; null otherwise. */
export function departuresNoticeOf(snapshot: HeldDeparturesSnapshot): DeparturesNotice | null {
  const { departures, failure } = snapshot.context;
  if (!departures || snapshot.matches('checking')) return null;
  const names = departures.members.slice(0, NAMES_SHOWN).map((member) => member.name);
  const more = departures.count - names.length;
  return {
    message: `The last members scan did not see ${members(departures.count)}. Confirm to move them to Removed, or keep them.`,
    sample: names.length === 0 ? null : `Among them: ${names.join(', ')}${more > 0 ? ` and ${members(more)} more` : ''}.`,
    deciding: snapshot.matches('confirming') ? 'confirm' : snapshot.matches('keeping') ? 'keep' : null,
    failure,
  };
}

/** The toast after the admin's decision. */
export function decisionToastOf({ decision, count }: HeldDeparturesEmitted): { title: string; message: string } {
  return decision === 'confirm'
    ? { title: 'Departures confirmed', message: `${members(count)} moved to Removed.` }
    : { title: 'Members kept', message: `${members(count)} ${pluralWord(count, 'stays', 'stay')} in their lists.` };
}
