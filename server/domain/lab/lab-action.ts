import type { paths } from '../../../src/api/schema';
import type { AppDb } from '../../db/connect';
import { recordAudit } from '../audit';

/** The lab's actions by the name of their call (POST /lab/{name}), as the contract lists them. */
export type LabActionName = keyof paths extends infer Path ? (Path extends `/lab/${infer Name}` ? Name : never) : never;

/** Who acts in the lab, from where and when: the supervisor every lab audit record names. */
export interface LabActor {
  supervisorId: number;
  ip: string;
  at: Date;
  /** The sandbox serves its own images (/sandbox/images/...); elsewhere fake people and groups have none. */
  sandbox: boolean;
}

/** A lab action that refused: the record it names does not exist, or the action does not fit it. */
export type LabRefusal = 'not_found' | 'self' | 'no_posts' | 'no_profile_id';

export type LabOutcome<Result> = { done: Result } | { refused: LabRefusal };

export const refused = (reason: LabRefusal): { refused: LabRefusal } => ({ refused: reason });

export interface LabRecord {
  action: LabActionName;
  groupId?: number | null;
  memberId?: number | null;
  /** Changed fields to [old, new], as every audit record's diff. */
  diff: Record<string, [unknown, unknown]>;
  /** What else the record names that has no column of its own (a removed user's or group's id). */
  about?: Record<string, unknown>;
}

/**
 * The lab_action audit record of a change, written last in the change's transaction (so a failure
 * at it leaves nothing of the change), with the supervisor as its user.
 */
export async function recordLabAction(tx: AppDb, actor: LabActor, record: LabRecord): Promise<void> {
  await recordAudit(tx, {
    kind: 'lab_action',
    userId: actor.supervisorId,
    groupId: record.groupId ?? null,
    memberId: record.memberId ?? null,
    data: { ip: actor.ip, action: record.action, ...record.about, diff: record.diff },
    at: actor.at,
  });
}

/** The fields of `patch` whose value differs from `before`'s, as an audit diff. */
export function diffOf<Row extends Record<string, unknown>>(before: Row, patch: Partial<Row>): Record<string, [unknown, unknown]> {
  const diff: Record<string, [unknown, unknown]> = {};
  for (const [field, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    const old = before[field];
    const same = old instanceof Date && value instanceof Date ? old.getTime() === value.getTime() : old === value;
    if (!same) diff[field] = [old, value];
  }
  return diff;
}
