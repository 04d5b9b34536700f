import { and, eq, isNull } from 'drizzle-orm';
import type { AppDb } from '../db/connect';
import { sessions } from '../db/schema';
import { generateToken, hashToken } from './tokens';

export interface NewSession {
  userId: number;
  ip: string;
  /** The supervisor who switched into this user, for a switched session. */
  impersonatorUserId?: number;
  at: Date;
}

/** Opens a session and answers its token, which exists only in this answer: the database keeps its hash. */
export async function openSession(db: AppDb, session: NewSession): Promise<string> {
  const token = generateToken();
  await db.insert(sessions).values({
    user_id: session.userId,
    token_hash: hashToken(token),
    impersonator_user_id: session.impersonatorUserId ?? null,
    ip: session.ip,
    created_at: session.at,
  });
  return token;
}

/** Ends a session for good; its token answers 401 with X-Force-Logout from now on. */
export async function revokeSession(db: AppDb, sessionId: number, at: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revoked_at: at })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revoked_at)));
}

/** Ends every switched session a supervisor opened that is still going. */
export async function revokeSwitchedSessions(db: AppDb, supervisorUserId: number, at: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revoked_at: at })
    .where(and(eq(sessions.impersonator_user_id, supervisorUserId), isNull(sessions.revoked_at)));
}
