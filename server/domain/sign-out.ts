import type { AppDb } from '../db/connect';
import type { Caller } from '../http/access';
import { recordAudit } from './audit';
import { revokeSession } from './sessions';

/** Ends the caller's session (only that one, also when it is a switched session) and audits it. */
export async function signOut(db: AppDb, caller: Caller, ip: string, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await revokeSession(tx, caller.sessionId, at);
    await recordAudit(tx, { kind: 'sign_out', userId: caller.userId, data: { ip }, at });
  });
}
