import { eq } from 'drizzle-orm';
import type { AppDb } from '../db/connect';
import { groups, sessions, users } from '../db/schema';
import type { AccessDirectory } from '../http/access';
import { holdsGroup } from './held-groups';
import { hashToken } from './tokens';

/** How stale a session's last-used time may get before a request writes it again. */
export const LAST_USED_RESOLUTION_MS = 60_000;

const DAY_MS = 24 * 60 * 60_000;

/**
 * Answers who a token belongs to, which groups they hold and which groups are locked, from sessions,
 * users, memberships and groups.
 * A session's last-used time is written at most once a minute, so many requests on one token do
 * not queue on its row. A session unused for `sessionTtlDays` (counted from that last-used time,
 * or its opening) has expired and answers like a revoked one; each use slides the expiry on.
 */
export function createAccessDirectory(db: AppDb, now: () => Date, sessionTtlDays: number): AccessDirectory {
  const ttlMs = sessionTtlDays * DAY_MS;
  return {
    async findCaller(token) {
      const [row] = await db
        .select({
          sessionId: sessions.id,
          revokedAt: sessions.revoked_at,
          createdAt: sessions.created_at,
          lastUsedAt: sessions.last_used_at,
          impersonatorUserId: sessions.impersonator_user_id,
          userId: users.id,
          isSupervisor: users.is_supervisor,
          isBanned: users.is_banned,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.user_id))
        .where(eq(sessions.token_hash, hashToken(token)))
        .limit(1);
      if (!row) return { caller: undefined, revoked: false };
      if (row.revokedAt) return { caller: undefined, revoked: true };
      const at = now();
      const lastUsedAt = row.lastUsedAt ?? row.createdAt;
      if (at.getTime() - lastUsedAt.getTime() > ttlMs) return { caller: undefined, revoked: true };
      if (!row.lastUsedAt || at.getTime() - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
        await db.update(sessions).set({ last_used_at: at }).where(eq(sessions.id, row.sessionId));
      }
      return {
        caller: {
          userId: row.userId,
          isSupervisor: row.isSupervisor,
          isBanned: row.isBanned,
          sessionId: row.sessionId,
          impersonatorUserId: row.impersonatorUserId,
        },
      };
    },

    async isGroupAdmin(caller, groupId) {
      return holdsGroup(db, caller.userId, groupId);
    },

    async isGroupLocked(groupId) {
      const [row] = await db.select({ isLocked: groups.is_locked }).from(groups).where(eq(groups.id, groupId)).limit(1);
      return row?.isLocked ?? false;
    },
  };
}
