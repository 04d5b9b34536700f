import type { AppDb } from '../db/connect';
import type { Caller } from '../http/access';
import { recordAudit } from './audit';
import { revokeSession, revokeSwitchedSessions } from './sessions';

/**
 * Ends the caller's session and audits it. Signing out of one's own session also ends the switched
 * sessions one opened as a supervisor: they live on the supervisor's authority. Signing out of a
 * switched session ends only that one; the supervisor's own session goes on.
 */
export async function signOut(db: AppDb, caller: Caller, ip: string, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await revokeSession(tx, caller.sessionId, at);
    if (caller.impersonatorUserId === null) await revokeSwitchedSessions(tx, caller.userId, at);
    await recordAudit(tx, { kind: 'sign_out', userId: caller.userId, data: { ip }, at });
  });
}
