/**
 * Ingestion benchmark: a 20,000-member group reported by the robot in batches of 500 through the
 * HTTP handlers (app.inject), on PGlite and, when DATABASE_URL is set, on PostgreSQL. It prints
 * the throughput and the batch latencies of a first scan and of a rescan (every member known);
 * it asserts nothing about time. Run: npm run perf:ingestion
 */
import { performance } from 'node:perf_hooks';
import { buildServer } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { DatabaseKind } from '../../server/db/connect';
import { groups, members, memberships, sessions, users } from '../../server/db/schema';
import { generateToken, hashToken } from '../../server/domain/tokens';
import { createTestDatabase, databaseKinds } from '../support/database';

const GROUP_SIZE = 20_000;
const BATCH_SIZE = 500;

interface ScanFigures {
  membersPerSecond: number;
  p50: number;
  p99: number;
  finishMs: number;
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
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

async function benchmark(kind: DatabaseKind): Promise<ScanFigures[]> {
  const database = await createTestDatabase(kind);
  const app = await buildServer({ ...loadConfig({}), appDir: undefined, logLevel: 'silent' }, { database });
  try {
    const token = generateToken();
    const [user] = await database.db.insert(users).values({ fb_user_id: '4900000001', name: 'Perf Admin' }).returning();
    await database.db.insert(sessions).values({ user_id: user!.id, token_hash: hashToken(token) });
    const [member] = await database.db.insert(members).values({ fb_user_id: '4900000001', name: 'Perf Admin' }).returning();
    const [group] = await database.db.insert(groups).values({ fb_group_id: '4900000002', name: 'Perf Group', subscribed_plan: 'annual' }).returning();
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
      for (let batchNo = 0; batchNo * BATCH_SIZE < GROUP_SIZE; batchNo += 1) {
        const batch = Array.from({ length: BATCH_SIZE }, (_, i) => scannedMember(batchNo * BATCH_SIZE + i));
        const before = performance.now();
        const response = await app.inject({ method: 'POST', url: `/api/v1/robot/jobs/${jobId}/members`, headers, payload: { batch_no: batchNo, members: batch } });
        latencies.push(performance.now() - before);
        if (response.statusCode !== 200) throw new Error(`batch ${batchNo} answered ${response.statusCode} ${response.body}`);
      }
      const beforeFinish = performance.now();
      const finished = await app.inject({ method: 'POST', url: `/api/v1/robot/jobs/${jobId}/finish`, headers, payload: { status: 'completed' } });
      const finishMs = performance.now() - beforeFinish;
      if (finished.statusCode !== 200) throw new Error(`finishing answered ${finished.statusCode} ${finished.body}`);
      const total = latencies.reduce((sum, latency) => sum + latency, 0);
      const sorted = [...latencies].sort((a, b) => a - b);
      return { membersPerSecond: GROUP_SIZE / (total / 1000), p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), finishMs };
    };
    return [await scan(), await scan()];
  } finally {
    await app.close();
    await database.close();
  }
}

console.log(`Ingesting a ${GROUP_SIZE.toLocaleString('en')}-member group in batches of ${BATCH_SIZE} through POST /robot/jobs/{job_id}/members`);
for (const kind of databaseKinds()) {
  const [first, rescan] = await benchmark(kind);
  for (const [label, figures] of [['first scan', first!], ['rescan', rescan!]] as const) {
    console.log(
      `${kind.padEnd(8)} ${label.padEnd(10)} ${Math.round(figures.membersPerSecond).toLocaleString('en').padStart(7)} members/s` +
        `  batch p50 ${figures.p50.toFixed(1)} ms  p99 ${figures.p99.toFixed(1)} ms  finish ${figures.finishMs.toFixed(1)} ms`,
    );
  }
}
