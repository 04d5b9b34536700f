import { createHash } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { AppDb } from '../db/connect';
import { idempotency_keys } from '../db/schema';

/** How long a key's answer is kept: far longer than any retry or double click. */
const KEPT_FOR_MS = 30 * 24 * 60 * 60_000;

/** One payment attempt: the user's key for one operation and a fingerprint of the request it was sent with. */
export interface IdempotencyClaim {
  userId: number;
  operation: string;
  key: string;
  requestHash: string;
}

/** What a key's first request answered: 200 or 402 and what the answer said. */
export interface StoredAnswer {
  status: number;
  answer: unknown;
}

export type ClaimOutcome = { claimed: true } | { stored: StoredAnswer } | { refused: 'other_request' | 'in_progress' };

/** sha256 of what a request asks, so the same key with another request is told apart. */
export function requestHash(groupId: number, body: unknown): string {
  return createHash('sha256').update(JSON.stringify([groupId, body])).digest('hex');
}

/**
 * Takes the key for this request. Concurrent requests with one key race on the primary key, so
 * exactly one of them goes on to the provider; the others learn it is in progress or, once it is
 * answered, get its answer.
 */
export async function claimKey(db: AppDb, claim: IdempotencyClaim, at: Date): Promise<ClaimOutcome> {
  await db.delete(idempotency_keys).where(lt(idempotency_keys.created_at, new Date(at.getTime() - KEPT_FOR_MS)));
  for (;;) {
    const inserted = await db
      .insert(idempotency_keys)
      .values({ user_id: claim.userId, operation: claim.operation, key: claim.key, request_hash: claim.requestHash, created_at: at })
      .onConflictDoNothing()
      .returning({ key: idempotency_keys.key });
    if (inserted.length === 1) return { claimed: true };
    const [row] = await db
      .select()
      .from(idempotency_keys)
      .where(and(...keyOf(claim)));
    // Released between the insert and the read: the first request was refused before the provider, so try again.
    if (!row) continue;
    if (row.request_hash !== claim.requestHash) return { refused: 'other_request' };
    if (row.status_code === null) return { refused: 'in_progress' };
    return { stored: { status: row.status_code, answer: row.answer } };
  }
}

function keyOf(claim: IdempotencyClaim) {
  return [eq(idempotency_keys.user_id, claim.userId), eq(idempotency_keys.operation, claim.operation), eq(idempotency_keys.key, claim.key)];
}

/** Records the key's answer; pass the transaction that writes what the answer reports. */
export async function storeAnswer(db: AppDb, claim: IdempotencyClaim, stored: StoredAnswer): Promise<void> {
  await db
    .update(idempotency_keys)
    .set({ status_code: stored.status, answer: stored.answer })
    .where(and(...keyOf(claim)));
}

/**
 * Gives the key back when its request ended without an answer to keep: refused before the
 * provider was asked, or failed unexpectedly. A retry may then use it; the provider got the same
 * key, so it still charges at most once.
 */
export async function releaseKey(db: AppDb, claim: IdempotencyClaim): Promise<void> {
  await db
    .delete(idempotency_keys)
    .where(and(...keyOf(claim), isNull(idempotency_keys.status_code)));
}
