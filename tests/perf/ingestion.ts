/**
 * Ingestion benchmark: a 20,000-member group reported by the robot in batches of 500 through the
 * HTTP handlers (app.inject), on PGlite and, when DATABASE_URL is set, on PostgreSQL. It prints
 * the throughput next to the goal (>= 10,000 members/s on PostgreSQL) and the batch latencies of
 * a first scan and of a rescan (every member known, nothing changed), then a floor for the same
 * rows on the same schema: plain INSERTs (first scan) and the one write a rescan cannot skip, the
 * mark that each membership was seen (rescan), in one transaction per batch, without HTTP, job
 * bookkeeping or conflict handling. It asserts nothing about time. Run: npm run perf:ingestion
 *
 * INGESTION_DROP_INDEXES=name,name drops those indexes in the benchmark's own databases first,
 * to measure what an index costs ingestion.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildServer } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { AppDb, DatabaseKind } from '../../server/db/connect';
import { groups, members, memberships, sessions, users } from '../../server/db/schema';
import { generateToken, hashToken } from '../../server/domain/tokens';
import { createTestDatabase, databaseKinds } from '../support/database';

const GROUP_SIZE = 20_000;
const BATCH_SIZE = 500;
const GOAL = 10_000;
const DROPPED_INDEXES = (process.env.INGESTION_DROP_INDEXES ?? '').split(',').filter(Boolean);

interface ScanFigures {
  membersPerSecond: number;
  p50: number;
  p99: number;
  finishMs?: number;
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

function figuresOf(latencies: number[]): ScanFigures {
  const total = latencies.reduce((sum, latency) => sum + latency, 0);
  const sorted = [...latencies].sort((a, b) => a - b);
  return { membersPerSecond: GROUP_SIZE / (total / 1000), p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) };
}

function scannedMember(index: number) {
  return {
    fb_user_id: String(5_000_000_000 + index),
    name: `Perf Member ${index}`,
    fb_username: `perf.member.${index}`,
    avatar_url: `https://images.example.com/avatars/${index}.jpg`,
    bio: index % 3 === 0 ? 'Likes long walks and group chats.' : null,
    role: index < 5 ? ('admin' as const) : ('subscriber' as const),
    is_banned: false,
  };
}

const batches = (offset: number) =>
  Array.from({ length: GROUP_SIZE / BATCH_SIZE }, (_, batchNo) =>
    Array.from({ length: BATCH_SIZE }, (_, i) => scannedMember(offset + batchNo * BATCH_SIZE + i)),
  );

/** The same people, written by hand: new members and memberships, then each membership marked seen again. */
async function floor(db: AppDb, groupId: number): Promise<[ScanFigures, ScanFigures]> {
  const insertLatencies: number[] = [];
  const memberIds: number[][] = [];
  for (const batch of batches(GROUP_SIZE)) {
    const before = performance.now();
    await db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ id: number }>(sql`
        INSERT INTO members (fb_user_id, name, fb_username, avatar_url, bio, is_banned)
        SELECT * FROM unnest(
          ${sql.param(batch.map((member) => member.fb_user_id))}::text[], ${sql.param(batch.map((member) => member.name))}::text[],
          ${sql.param(batch.map((member) => member.fb_username))}::text[], ${sql.param(batch.map(() => null))}::text[],
          ${sql.param(batch.map((member) => member.bio))}::text[], ${sql.param(batch.map((member) => member.is_banned))}::boolean[])
        RETURNING id`);
      memberIds.push(rows.map((row) => row.id));
      await tx.execute(sql`
        INSERT INTO memberships (group_id, member_id, member_name, role)
        SELECT ${groupId}, * FROM unnest(${sql.param(rows.map((row) => row.id))}::integer[], ${sql.param(batch.map((member) => member.name))}::text[],
          ${sql.param(batch.map((member) => member.role))}::text[])`);
    });
    insertLatencies.push(performance.now() - before);
  }
  const markLatencies: number[] = [];
  for (const ids of memberIds) {
    const before = performance.now();
    await db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE memberships SET updated_at = now() WHERE group_id = ${groupId} AND member_id = ANY(${sql.param(ids)}::integer[])`);
    });
    markLatencies.push(performance.now() - before);
  }
  return [figuresOf(insertLatencies), figuresOf(markLatencies)];
}

async function benchmark(kind: DatabaseKind): Promise<{ scans: [ScanFigures, ScanFigures]; floors: [ScanFigures, ScanFigures] }> {
  const database = await createTestDatabase(kind);
  for (const index of DROPPED_INDEXES) await database.db.execute(sql`DROP INDEX ${sql.identifier(index)}`);
  const app = await buildServer({ ...loadConfig({}), appDir: undefined, logLevel: 'silent' }, { database });
  try {
    const token = generateToken();
    const [user] = await database.db.insert(users).values({ fb_user_id: '4900000001', name: 'Perf Admin' }).returning();
    await database.db.insert(sessions).values({ user_id: user!.id, token_hash: hashToken(token) });
    const [member] = await database.db.insert(members).values({ fb_user_id: '4900000001', name: 'Perf Admin' }).returning();
    const [group, floorGroup] = await database.db
      .insert(groups)
      .values([
        { fb_group_id: '4900000002', name: 'Perf Group', subscribed_plan: 'annual' },
        { fb_group_id: '4900000003', name: 'Perf Floor Group', subscribed_plan: 'annual' },
      ])
      .returning();
    await database.db.insert(memberships).values({ group_id: group!.id, member_id: member!.id, member_name: 'Perf Admin', role: 'admin', is_admin_holder: true });
    const headers = { authorization: `Bearer ${token}` };

    const scan = async (): Promise<ScanFigures> => {
      const started = await app.inject({
        method: 'POST',
        url: `/api/v1/robot/groups/${group!.id}/jobs`,
        headers,
        payload: { name: 'fetch_group_members', args: { id: group!.id } },
      });
      if (started.statusCode !== 201) throw new Error(`starting the job answered ${started.statusCode} ${started.body}`);
      const jobId = started.json().job.id;
      const latencies: number[] = [];
      for (const [batchNo, batch] of batches(0).entries()) {
        const before = performance.now();
        const response = await app.inject({ method: 'POST', url: `/api/v1/robot/jobs/${jobId}/members`, headers, payload: { batch_no: batchNo, members: batch } });
        latencies.push(performance.now() - before);
        if (response.statusCode !== 200) throw new Error(`batch ${batchNo} answered ${response.statusCode} ${response.body}`);
      }
      const beforeFinish = performance.now();
      const finished = await app.inject({ method: 'POST', url: `/api/v1/robot/jobs/${jobId}/finish`, headers, payload: { status: 'completed' } });
      const finishMs = performance.now() - beforeFinish;
      if (finished.statusCode !== 200) throw new Error(`finishing answered ${finished.statusCode} ${finished.body}`);
      return { ...figuresOf(latencies), finishMs };
    };
    const scans: [ScanFigures, ScanFigures] = [await scan(), await scan()];
    return { scans, floors: await floor(database.db, floorGroup!.id) };
  } finally {
    await app.close();
    await database.close();
  }
}

function line(kind: DatabaseKind, label: string, figures: ScanFigures, judged = true): string {
  const rate = Math.round(figures.membersPerSecond);
  const goal = judged && kind === 'postgres' ? `  goal >= ${GOAL.toLocaleString('en')}: ${rate >= GOAL ? 'met' : 'NOT met'}` : '';
  const finish = figures.finishMs === undefined ? '' : `  finish ${figures.finishMs.toFixed(1)} ms`;
  return (
    `${kind.padEnd(8)} ${label.padEnd(22)} ${rate.toLocaleString('en').padStart(7)} members/s` +
    `  batch p50 ${figures.p50.toFixed(1)} ms  p99 ${figures.p99.toFixed(1)} ms${finish}${goal}`
  );
}

console.log(`Ingesting a ${GROUP_SIZE.toLocaleString('en')}-member group in batches of ${BATCH_SIZE} through POST /robot/jobs/{job_id}/members`);
if (DROPPED_INDEXES.length > 0) console.log(`Without the indexes ${DROPPED_INDEXES.join(', ')} (dropped in the benchmark's databases only)`);
for (const kind of databaseKinds()) {
  const { scans, floors } = await benchmark(kind);
  console.log(line(kind, 'first scan', scans[0]));
  console.log(line(kind, 'rescan', scans[1]));
  console.log(line(kind, 'floor: plain inserts', floors[0], false));
  console.log(line(kind, 'floor: seen marks', floors[1], false));
}
