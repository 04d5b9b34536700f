import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimitKind } from './contract';
import { ApiError } from './errors';

/**
 * The per-user limits on the calls that read a lot (`x-rate-limit` in the contract). The embedded
 * database runs one query at a time, so one user's many exports or searches would make every other
 * user's calls wait behind them. Each limit is a token bucket per user: `burst` calls in a row, then
 * `refillPerSecond` more a second; exports also have a ceiling on how many run at once.
 */
export interface RateLimitSettings {
  export: { concurrent: number; burst: number; refillPerSecond: number; busyRetryAfterSeconds: number };
  search: { burst: number; refillPerSecond: number };
}

export const RATE_LIMITS: RateLimitSettings = {
  /** Two CSV exports running at once, five in a row, then one every 12 seconds. */
  export: { concurrent: 2, burst: 5, refillPerSecond: 1 / 12, busyRetryAfterSeconds: 5 },
  /** Calls with a non-empty `search`: twenty in a row, then ten a second (typing debounced is far below). */
  search: { burst: 20, refillPerSecond: 10 },
};

/** Buckets of users not seen for a while are dropped once this many users are tracked. */
const TRACKED_USERS_BEFORE_SWEEP = 10_000;

interface Bucket {
  tokens: number;
  atMs: number;
}

/** One token bucket per user, refilled from the injected clock. */
class TokenBuckets {
  private readonly buckets = new Map<number, Bucket>();

  constructor(
    private readonly burst: number,
    private readonly refillPerMs: number,
  ) {}

  /** Takes one of the user's tokens: 0 when there was one, otherwise how many milliseconds until there is. */
  take(userId: number, nowMs: number): number {
    const tokens = this.tokensAt(this.buckets.get(userId), nowMs);
    if (tokens < 1) return Math.ceil((1 - tokens) / this.refillPerMs);
    if (!this.buckets.has(userId) && this.buckets.size >= TRACKED_USERS_BEFORE_SWEEP) this.sweep(nowMs);
    this.buckets.set(userId, { tokens: tokens - 1, atMs: nowMs });
    return 0;
  }

  private tokensAt(bucket: Bucket | undefined, nowMs: number): number {
    if (!bucket) return this.burst;
    return Math.min(this.burst, bucket.tokens + Math.max(0, nowMs - bucket.atMs) * this.refillPerMs);
  }

  /** A full bucket is the same as none. */
  private sweep(nowMs: number): void {
    for (const [userId, bucket] of this.buckets) {
      if (this.tokensAt(bucket, nowMs) >= this.burst) this.buckets.delete(userId);
    }
  }
}

export interface RateLimiter {
  /**
   * Lets the caller's call through or refuses it with 429 and Retry-After. An export that goes
   * through holds one of the caller's export slots until its response is closed (sent or dropped).
   */
  admit(kind: RateLimitKind, request: FastifyRequest, reply: FastifyReply): void;
}

function tooManyRequests(reply: FastifyReply, retryAfterMs: number, message: string, reason: string): ApiError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  reply.header('retry-after', String(seconds));
  return new ApiError('too_many_requests', message, { reason });
}

/** Whether the call searches: a `search` query parameter with more than blanks. */
function searches(request: FastifyRequest): boolean {
  const { search } = request.query as { search?: unknown };
  return typeof search === 'string' && search.trim() !== '';
}

/**
 * The limits of one server process, kept in its memory: several processes behind one address each
 * count on their own, so a user gets the limits once per process.
 */
export function createRateLimiter(settings: RateLimitSettings | 'off', now: () => Date): RateLimiter {
  if (settings === 'off') return { admit: () => undefined };
  const { export: exportLimits, search: searchLimits } = settings;
  const exports = new TokenBuckets(exportLimits.burst, exportLimits.refillPerSecond / 1000);
  const searchBuckets = new TokenBuckets(searchLimits.burst, searchLimits.refillPerSecond / 1000);
  const runningExports = new Map<number, number>();

  function admitExport(userId: number, reply: FastifyReply): void {
    const running = runningExports.get(userId) ?? 0;
    if (running >= exportLimits.concurrent) {
      throw tooManyRequests(
        reply,
        exportLimits.busyRetryAfterSeconds * 1000,
        `You have ${running} exports running; wait for one to finish, then try again`,
        'exports_running',
      );
    }
    const waitMs = exports.take(userId, now().getTime());
    if (waitMs > 0) throw tooManyRequests(reply, waitMs, 'Too many exports in a row; try again in a moment', 'export_rate');
    runningExports.set(userId, running + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const left = (runningExports.get(userId) ?? 1) - 1;
      if (left > 0) runningExports.set(userId, left);
      else runningExports.delete(userId);
    };
    // Sent to the end, or the connection dropped before.
    reply.raw.once('finish', release);
    reply.raw.once('close', release);
  }

  return {
    admit(kind, request, reply) {
      const userId = request.caller!.userId;
      if (kind === 'export') return admitExport(userId, reply);
      if (!searches(request)) return;
      const waitMs = searchBuckets.take(userId, now().getTime());
      if (waitMs > 0) throw tooManyRequests(reply, waitMs, 'Too many searches in a row; try again in a moment', 'search_rate');
    },
  };
}
