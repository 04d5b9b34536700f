import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { EntityAvatar } from '../../../ui/EntityAvatar';
import type { MemberLookup, MemberSummary } from './memberLookup';
import './memberLabel.css';

/** Part 2 §8: how long the spinner waits for the member before the label says its id instead. */
export const MEMBER_LABEL_PATIENCE_MS = 5_000;

const MemberLookupContext = createContext<MemberLookup | null>(null);

/** The lookup the member labels below it ask (one per page, so each member is asked for once). */
export function MemberLookupProvider({ lookup, children }: { lookup: MemberLookup; children: ReactNode }) {
  return <MemberLookupContext.Provider value={lookup}>{children}</MemberLookupContext.Provider>;
}

export interface MemberLabelProps {
  memberId: number;
  /** The group the member is looked up in; without one there is nothing to ask. */
  groupId: number | null;
  /** The member when the caller has it already: shown as it is, nothing asked. */
  member?: MemberSummary | null;
}

/**
 * A member known only by id (part 2 §7, §8): a spinner while the lookup asks, then the member's
 * avatar (falling back when missing or broken) and name, or 'Member id={id}' once 5 seconds have
 * passed without the member.
 */
export function MemberLabel({ memberId, groupId, member: given }: MemberLabelProps) {
  const lookup = useContext(MemberLookupContext);
  if (!lookup) throw new Error('MemberLabel needs a MemberLookupProvider above it');
  const [found, setFound] = useState<MemberSummary | null>(() => (groupId === null ? null : (lookup.known(groupId, memberId) ?? null)));
  // Which member the 5 seconds ran out for, so a label reused for another member waits afresh.
  const [waitedFor, setWaitedFor] = useState<string | null>(null);
  const asking = `${groupId}:${memberId}`;
  const member = given ?? (found?.id === memberId ? found : null);

  useEffect(() => {
    if (given || groupId === null) return;
    let current = true;
    void lookup.find(groupId, memberId).then((answer) => {
      if (current && answer) setFound(answer);
    });
    const patience = setTimeout(() => setWaitedFor(`${groupId}:${memberId}`), MEMBER_LABEL_PATIENCE_MS);
    return () => {
      current = false;
      clearTimeout(patience);
    };
  }, [lookup, given, groupId, memberId]);

  if (member) {
    return (
      <span className="member-label">
        <EntityAvatar name={member.name} imageUrl={member.avatar_url} />
        <span className="member-label__name">{member.name}</span>
      </span>
    );
  }
  if (groupId === null || waitedFor === asking) return <span className="member-label member-label--unknown">Member id={memberId}</span>;
  return (
    <span className="member-label" role="status" aria-label={`Loading member ${memberId}`}>
      <span className="pi pi-spin pi-spinner" aria-hidden="true" />
    </span>
  );
}
