import type { AppDb } from '../db/connect';
import { recordAudit } from './audit';

/** Changed field to [old, new], as audit records keep it. */
export type FieldDiff = Record<string, [unknown, unknown]>;

/** Dates as the contract writes them; everything else as it is. */
function comparable(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : (value ?? null);
}

/** Notes a field in the diff when its new value differs from the old (compared as JSON). */
export function noteChange(diff: FieldDiff, field: string, before: unknown, after: unknown): void {
  const old = comparable(before);
  const next = comparable(after);
  if (JSON.stringify(old) !== JSON.stringify(next)) diff[field] = [old, next];
}

export interface SupervisorEdit {
  /** The supervisor who made the change. */
  userId: number;
  groupId?: number | null;
  diff: FieldDiff;
  ip: string;
  at: Date;
  /** What else identifies the record changed (for example the edited user's id). */
  about?: Record<string, unknown>;
}

/** The audit record of a supervisor's change, in the transaction of the change. */
export async function recordSupervisorEdit(db: AppDb, edit: SupervisorEdit): Promise<void> {
  await recordAudit(db, {
    kind: 'supervisor_edit',
    userId: edit.userId,
    groupId: edit.groupId ?? null,
    data: { ...edit.about, ip: edit.ip, diff: edit.diff },
    at: edit.at,
  });
}
