import { and, count, eq, inArray, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { AppDb } from '../db/connect';
import { held_departures, members, memberships, robot_job_batches, robot_jobs } from '../db/schema';
import { recordAudit } from './audit';
import type { RobotJobRow } from './robot-jobs';
import { recordTodayMetrics } from './today-metrics';

/**
 * When one completed members scan is believed about who left. Counts are of the group's active and
 * inactive members after the scan (the ones a scan may move): the scan holds its departures for the
 * admin when more of them went unseen than `maxUnseen` and `maxUnseenShare` allow (a mass departure
 * is far likelier an incomplete scan), or when it saw fewer of them than `minSeenShare`.
 */
export const DEPARTURE_HOLD_RULE = { maxUnseen: 25, maxUnseenShare: 0.1, minSeenShare: 0.5 } as const;

export interface ScanCoverage {
  /** Active and inactive members of the group after the scan. */
  listed: number;
  /** Those the scan saw. */
  seen: number;
  /** Those it did not see and would move: neither seen, nor a holder. */
  unseen: number;
}

export function holdsDepartures({ listed, seen, unseen }: ScanCoverage): boolean {
  const rule = DEPARTURE_HOLD_RULE;
  return unseen > 0 && (unseen > Math.max(rule.maxUnseen, rule.maxUnseenShare * listed) || seen < rule.minSeenShare * listed);
}

export interface DepartureActor {
  userId: number;
  ip: string;
  at: Date;
}

/** Memberships a scan may move to removed: in the active or inactive list, not a holder. Whitelisted members never move because of a scan. */
const movableByScan = (groupId: number): SQL =>
  and(
    eq(memberships.group_id, groupId),
    eq(memberships.is_removed, false),
    eq(memberships.is_whitelisted, false),
    eq(memberships.is_admin_holder, false),
  )!;

/** A membership is seen when a batch of the scan touched it (its updated_at is not older than the job). */
const unseenSince = (startedAt: Date | SQLWrapper): SQL => lt(memberships.updated_at, startedAt);

/**
 * After a completed members scan, the members it did not see have left the group: they move to the
 * removed list (not counted as removals: nobody here removed them). Holders and whitelisted members
 * never move, and a scan that stored no batch moves no one. A scan whose departures the hold rule
 * doubts moves no one either: its departures are held for the admin (audited), replacing any the
 * group held from an older scan.
 */
export async function settleScanDepartures(db: AppDb, job: RobotJobRow, actor: DepartureActor): Promise<{ moved: number } | { held: number }> {
  const [batches] = await db.select({ n: count() }).from(robot_job_batches).where(eq(robot_job_batches.job_id, job.id));
  if (!batches || batches.n === 0) return { moved: 0 };
  await db.delete(held_departures).where(eq(held_departures.group_id, job.group_id));
  const coverage = await scanCoverage(db, job);
  const unseen = and(movableByScan(job.group_id), unseenSince(job.started_at));
  if (holdsDepartures(coverage)) {
    await db.execute(sql`
      INSERT INTO held_departures (membership_id, group_id, job_id, created_at)
      SELECT ${memberships.id}, ${job.group_id}, ${job.id}, ${actor.at.toISOString()}::timestamptz FROM ${memberships} WHERE ${unseen}`);
    await recordAudit(db, {
      kind: 'departures_held',
      userId: actor.userId,
      groupId: job.group_id,
      data: { ip: actor.ip, job_id: job.id, count: coverage.unseen, seen: coverage.seen, listed: coverage.listed },
      at: actor.at,
    });
    return { held: coverage.unseen };
  }
  const gone = await db
    .update(memberships)
    .set({ is_removed: true, removed_at: actor.at, updated_at: actor.at })
    .where(unseen)
    .returning({ id: memberships.id });
  return { moved: gone.length };
}

async function scanCoverage(db: AppDb, job: RobotJobRow): Promise<ScanCoverage> {
  const startedAt = job.started_at.toISOString();
  const { rows } = await db.execute<{ listed: number; seen: number; unseen: number }>(sql`
    SELECT count(*)::int AS listed,
           (count(*) FILTER (WHERE ${memberships.updated_at} >= ${startedAt}::timestamptz))::int AS seen,
           (count(*) FILTER (WHERE ${memberships.updated_at} < ${startedAt}::timestamptz AND NOT ${memberships.is_admin_holder}))::int AS unseen
    FROM ${memberships}
    WHERE ${memberships.group_id} = ${job.group_id} AND NOT ${memberships.is_removed} AND NOT ${memberships.is_whitelisted}`);
  return rows[0]!;
}

/** Narrows a query of memberships to the held ones a confirmation would move now: still movable, and not seen since the scan that held them. */
function stillDeparted<T extends PgSelect>(query: T, groupId: number) {
  return query
    .innerJoin(held_departures, eq(held_departures.membership_id, memberships.id))
    .innerJoin(robot_jobs, eq(robot_jobs.id, held_departures.job_id))
    .where(and(eq(held_departures.group_id, groupId), movableByScan(groupId), unseenSince(robot_jobs.started_at)));
}

export interface HeldDepartures {
  jobId: number;
  heldAt: Date;
  /** Members a confirmation would move now. */
  count: number;
  /** The first of them by name. */
  sample: Array<{ id: number; name: string; avatar_url: string | null; fb_user_id: string | null }>;
}

export const HELD_DEPARTURES_SAMPLE = 10;

async function heldScanOf(db: AppDb, groupId: number) {
  const [hold] = await db
    .select({ jobId: held_departures.job_id, heldAt: held_departures.created_at })
    .from(held_departures)
    .where(eq(held_departures.group_id, groupId))
    .limit(1)
    .for('update');
  return hold;
}

/** The group's held departures, or undefined when it holds none, or none of them would move any more. */
export async function readHeldDepartures(db: AppDb, groupId: number): Promise<HeldDepartures | undefined> {
  const [hold] = await db
    .select({ jobId: held_departures.job_id, heldAt: held_departures.created_at })
    .from(held_departures)
    .where(eq(held_departures.group_id, groupId))
    .limit(1);
  if (!hold) return undefined;
  const [total] = await stillDeparted(db.select({ n: count() }).from(memberships).$dynamic(), groupId);
  if (!total || total.n === 0) return undefined;
  const sample = await stillDeparted(
    db
      .select({ id: members.id, name: members.name, avatar_url: members.avatar_url, fb_user_id: members.fb_user_id })
      .from(memberships)
      .innerJoin(members, eq(members.id, memberships.member_id))
      .$dynamic(),
    groupId,
  )
    .orderBy(memberships.member_name, memberships.id)
    .limit(HELD_DEPARTURES_SAMPLE);
  return { ...hold, count: total.n, sample };
}

export type DepartureDecision = { count: number } | { refused: 'not_held' };

/**
 * The admin's answer to the departures held from the scan `jobId`, in one transaction, audited:
 * confirming moves exactly the held members that would still move (not those seen again or
 * whitelisted since) to removed; dismissing keeps everyone. Either way the hold ends. Refused when
 * the group holds no departures from that scan (decided already, or replaced by a later scan).
 */
export async function decideHeldDepartures(
  db: AppDb,
  decision: DepartureActor & { groupId: number; jobId: number; confirm: boolean },
): Promise<DepartureDecision> {
  return db.transaction(async (tx) => {
    const hold = await heldScanOf(tx, decision.groupId);
    if (!hold || hold.jobId !== decision.jobId) return { refused: 'not_held' };
    let decided: number;
    if (decision.confirm) {
      const moved = await tx
        .update(memberships)
        .set({ is_removed: true, removed_at: decision.at, updated_at: decision.at })
        .where(inArray(memberships.id, stillDeparted(tx.select({ id: memberships.id }).from(memberships).$dynamic(), decision.groupId)))
        .returning({ id: memberships.id });
      decided = moved.length;
    } else {
      const [kept] = await stillDeparted(tx.select({ n: count() }).from(memberships).$dynamic(), decision.groupId);
      decided = kept!.n;
    }
    await tx.delete(held_departures).where(eq(held_departures.group_id, decision.groupId));
    await recordAudit(tx, {
      kind: decision.confirm ? 'departures_confirmed' : 'departures_dismissed',
      userId: decision.userId,
      groupId: decision.groupId,
      data: { ip: decision.ip, job_id: decision.jobId, count: decided },
      at: decision.at,
    });
    if (decision.confirm) await recordTodayMetrics(tx, decision.groupId, decision.at);
    return { count: decided };
  });
}
