import type { AppDb } from '../db/connect';
import type { Caller } from '../http/access';
import { recordAudit } from './audit';
import { openSession, revokeSession } from './sessions';
import { findUser, type UserRow } from './users';

export type SwitchRefusal = 'yourself' | 'already_switched';

/** A supervisor switches from their own session to someone else's, never to themselves or from a switched session. */
export function switchRefusal(supervisor: Caller, targetUserId: number): SwitchRefusal | null {
  if (supervisor.impersonatorUserId !== null) return 'already_switched';
  if (targetUserId === supervisor.userId) return 'yourself';
  return null;
}

/**
 * Opens a session for the target on behalf of the supervisor and audits who switched to whom.
 * Undefined when there is no such user. The supervisor's own session stays open for the way back.
 */
export async function switchToUser(
  db: AppDb,
  supervisor: Caller,
  targetUserId: number,
  ip: string,
  at: Date,
): Promise<{ token: string; user: UserRow } | undefined> {
  return db.transaction(async (tx) => {
    const target = await findUser(tx, targetUserId);
    if (!target) return undefined;
    const token = await openSession(tx, { userId: target.id, impersonatorUserId: supervisor.userId, ip, at });
    await recordAudit(tx, {
      kind: 'user_switched',
      userId: supervisor.userId,
      data: { ip, from_user_id: supervisor.userId, to_user_id: target.id },
      at,
    });
    return { token, user: target };
  });
}

/** Ends a switched session and audits the way back; answers the supervisor, or undefined when they no longer exist. */
export async function switchBack(
  db: AppDb,
  switched: Caller & { impersonatorUserId: number },
  ip: string,
  at: Date,
): Promise<UserRow | undefined> {
  return db.transaction(async (tx) => {
    const supervisor = await findUser(tx, switched.impersonatorUserId);
    if (!supervisor) return undefined;
    await revokeSession(tx, switched.sessionId, at);
    await recordAudit(tx, {
      kind: 'user_switched',
      userId: supervisor.id,
      data: { ip, from_user_id: switched.userId, to_user_id: supervisor.id },
      at,
    });
    return supervisor;
  });
}
