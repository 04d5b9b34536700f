import { createHash, randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, lte, or } from 'drizzle-orm';
import type { AppDb } from '../db/connect';
import { idempotency_keys } from '../db/schema';

/** How long a key's answer is kept: far longer than any retry or double click. */
const KEPT_FOR_MS = 30 * 24 * 60 * 60_000;

/**
 * How long an attempt holds its unanswered key, and with it its group or user, before a request
 * may take the attempt over and resume it. Longer than the longest attempt: at most eight requests
 * to the provider, each given up after three tries of `UPSTREAM_TIMEOUT_MS` (10 s) at most (`server/adapters/upstream.ts`).
 */
export const LEASE_MS = 5 * 60_000;

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

/**
 * An attempt's hold on its unanswered key. The holder calls the provider with `providerKey`, the
 * same for whoever holds the key, so an attempt resumed after a crash charges at most once.
 */
export interface Lease {
  claim: IdempotencyClaim;
  holder: string;
  providerKey: string;
  /** What the attempt was asked, to resume it. */
  request: unknown;
}

/** The attempt's lease was taken over by a later request: its writes must not happen. */
export class LeaseLost extends Error {
  override readonly name = 'LeaseLost';
}

export type ClaimOutcome =
  /** This request holds its key: a new attempt, or its own abandoned one to resume. */
  | { held: Lease }
  /** Another key's attempt on the same group or user, abandoned past its lease and now held by this request, to be finished first. */
  | { abandoned: Lease }
  | { stored: StoredAnswer }
  /** The key was sent with another request; its attempt is still running; another attempt on the same group or user is still running. */
  | { refused: 'other_request' | 'in_progress' | 'attempt_in_progress' };

/** What the attempt is serialised on, and what it asks. */
export interface AttemptSubject {
  /** `group:{id}` or `user:{id}`: one attempt at a time per value. */
  on: string;
  request: unknown;
}

type KeyRow = typeof idempotency_keys.$inferSelect;

/** sha256 of what a request asks, so the same key with another request is told apart. */
export function requestHash(groupId: number, body: unknown): string {
  return createHash('sha256').update(JSON.stringify([groupId, body])).digest('hex');
}

const leaseEnd = (at: Date) => new Date(at.getTime() + LEASE_MS);
const leaseRunning = (row: KeyRow, at: Date) => row.leased_until !== null && row.leased_until.getTime() > at.getTime();

function leaseOf(row: KeyRow): Lease {
  return {
    claim: { userId: row.user_id, operation: row.operation, key: row.key, requestHash: row.request_hash },
    holder: row.lease_holder!,
    providerKey: row.provider_key,
    request: row.request,
  };
}

function keyOf(claim: IdempotencyClaim) {
  return [eq(idempotency_keys.user_id, claim.userId), eq(idempotency_keys.operation, claim.operation), eq(idempotency_keys.key, claim.key)];
}

/** The unanswered key whose lease has run out, held from now by a new holder; null when someone else took it first or it was answered. */
async function takeOver(db: AppDb, row: KeyRow, at: Date): Promise<Lease | null> {
  const [taken] = await db
    .update(idempotency_keys)
    .set({ lease_holder: randomUUID(), leased_until: leaseEnd(at) })
    .where(
      and(
        ...keyOf(leaseOf(row).claim),
        isNull(idempotency_keys.status_code),
        or(isNull(idempotency_keys.leased_until), lte(idempotency_keys.leased_until, at)),
      ),
    )
    .returning();
  return taken ? leaseOf(taken) : null;
}

/**
 * Takes the key for this request, under a lease. Concurrent requests race on the primary key (one
 * key) and on the unique index of unanswered keys by `attempt_on` (one group or user), so exactly
 * one of them goes on to the provider; the others learn that it is in progress or, once it is
 * answered, get its answer. A key or an attempt whose lease has run out (its process died) is
 * taken over: the same key resumes it; another key finishes it first.
 */
export async function claimKey(db: AppDb, claim: IdempotencyClaim, subject: AttemptSubject, at: Date): Promise<ClaimOutcome> {
  await db.delete(idempotency_keys).where(lt(idempotency_keys.created_at, new Date(at.getTime() - KEPT_FOR_MS)));
  for (;;) {
    const [inserted] = await db
      .insert(idempotency_keys)
      .values({
        user_id: claim.userId,
        operation: claim.operation,
        key: claim.key,
        request_hash: claim.requestHash,
        attempt_on: subject.on,
        provider_key: randomUUID(),
        request: subject.request,
        lease_holder: randomUUID(),
        leased_until: leaseEnd(at),
        created_at: at,
      })
      .onConflictDoNothing()
      .returning();
    if (inserted) return { held: leaseOf(inserted) };
    const [own] = await db
      .select()
      .from(idempotency_keys)
      .where(and(...keyOf(claim)));
    if (own) {
      if (own.request_hash !== claim.requestHash) return { refused: 'other_request' };
      if (own.status_code !== null) return { stored: { status: own.status_code, answer: own.answer } };
      if (leaseRunning(own, at)) return { refused: 'in_progress' };
      const resumed = await takeOver(db, own, at);
      if (resumed) return { held: resumed };
      continue;
    }
    const [running] = await db
      .select()
      .from(idempotency_keys)
      .where(and(eq(idempotency_keys.attempt_on, subject.on), isNull(idempotency_keys.status_code)));
    // Answered or given back between the insert and the read: try again.
    if (!running) continue;
    if (leaseRunning(running, at)) return { refused: 'attempt_in_progress' };
    const abandoned = await takeOver(db, running, at);
    if (abandoned) return { abandoned };
  }
}

function heldBy(lease: Lease) {
  return and(...keyOf(lease.claim), eq(idempotency_keys.lease_holder, lease.holder), isNull(idempotency_keys.status_code));
}

/**
 * Records the key's answer and ends the attempt; pass the transaction that writes what the answer
 * reports. Throws LeaseLost when a later request has taken the attempt over, so that transaction
 * writes nothing.
 */
export async function storeAnswer(db: AppDb, lease: Lease, stored: StoredAnswer): Promise<void> {
  const answered = await db
    .update(idempotency_keys)
    .set({ status_code: stored.status, answer: stored.answer, lease_holder: null, leased_until: null })
    .where(heldBy(lease))
    .returning({ key: idempotency_keys.key });
  if (answered.length === 0) throw new LeaseLost(`the attempt of key ${lease.claim.key} was taken over`);
}

/** Gives the key back when its request was refused before the provider was asked: a retry may then use it. */
export async function releaseKey(db: AppDb, lease: Lease): Promise<void> {
  await db.delete(idempotency_keys).where(heldBy(lease));
}

/**
 * Ends the lease now when the attempt failed unexpectedly (the provider or the database did not
 * answer): the attempt stays, and the next request with the key, or the next attempt on the group
 * or user, resumes it with the same provider key.
 */
export async function abandonLease(db: AppDb, lease: Lease, at: Date): Promise<void> {
  await db.update(idempotency_keys).set({ leased_until: at }).where(heldBy(lease));
}
