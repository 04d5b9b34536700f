import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../../server/db/connect';
import { groups, members, memberships, users } from '../../../server/db/schema';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/database';

const TABLES = [
  'app_secrets',
  'app_toggles',
  'audit_logs',
  'companion_tokens',
  'customers',
  'daily_metrics',
  'engagements',
  'groups',
  'held_departures',
  'idempotency_keys',
  'matches',
  'member_list_counts',
  'members',
  'memberships',
  'payment_accounts',
  'posts',
  'removal_counters',
  'reported_groups',
  'robot_job_batches',
  'robot_jobs',
  'robot_logs',
  'sandbox_answers',
  'sandbox_card_tokens',
  'sandbox_charges',
  'sandbox_customer_defaults',
  'sandbox_payment_methods',
  'sandbox_removals',
  'sandbox_sign_in_uses',
  'sandbox_subscriptions',
  'sessions',
  'support_tickets',
  'tasks',
  'users',
];

const LIST_INDEXES = [
  'memberships_list_name_idx',
  'memberships_list_posts_idx',
  'memberships_list_reactions_idx',
  'memberships_list_comments_idx',
  'memberships_list_last_activity_idx',
  'memberships_list_created_idx',
  'memberships_list_paid_idx',
  'memberships_list_subscription_status_idx',
  'memberships_name_trgm_idx',
  'memberships_username_trgm_idx',
  'members_name_trgm_idx',
  'members_username_trgm_idx',
  'posts_group_posted_at_idx',
  'posts_text_trgm_idx',
  'audit_logs_group_created_idx',
  'audit_logs_group_kind_idx',
  'audit_logs_group_member_idx',
  'robot_logs_created_idx',
  'robot_logs_level_created_idx',
  'robot_logs_group_created_idx',
  'matches_account_status_idx',
];

describe.each(databaseKinds())('migrations on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database?.close());

  it('create every table on a fresh database', async () => {
    const { rows } = await database.db.execute<{ table_name: string }>(
      sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
    );
    expect(rows.map((row) => row.table_name)).toEqual(TABLES);
  });

  it('record every migration and enable pg_trgm', async () => {
    const applied = await database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`);
    expect(applied.rows[0]!.n).toBe(17);
    const extensions = await database.db.execute<{ extname: string }>(sql`SELECT extname FROM pg_extension`);
    expect(extensions.rows.map((row) => row.extname)).toContain('pg_trgm');
  });

  it('create the indexes the list screens need', async () => {
    const { rows } = await database.db.execute<{ indexname: string }>(
      sql`SELECT indexname FROM pg_indexes WHERE schemaname = 'public'`,
    );
    expect(rows.map((row) => row.indexname)).toEqual(expect.arrayContaining(LIST_INDEXES));
  });

  it('reject values outside an enum', async () => {
    await expect(
      database.db.insert(groups).values({ fb_group_id: '1', name: 'G', subscribed_plan: 'gold' as 'free' }),
    ).rejects.toThrow();
  });

  it('fill defaults and derive the member list from the flags and counts', async () => {
    const [user] = await database.db.insert(users).values({ name: 'Dee Fault' }).returning();
    expect(user!.flags).toEqual({ connects_is_enabled: true });
    const [group] = await database.db.insert(groups).values({ fb_group_id: '42', name: 'Answer' }).returning();
    expect(group!.settings.engagement_sync_posts_back).toBe(10);
    expect(group!.limits.engagement_sync_days_back).toBe(10);
    const [member] = await database.db.insert(members).values({ fb_user_id: '100000000000042', name: 'Mo' }).returning();
    const [membership] = await database.db
      .insert(memberships)
      .values({ group_id: group!.id, member_id: member!.id, member_name: 'Mo' })
      .returning();
    expect(membership!.list).toBe('inactive');
    const listAfter = async (change: Partial<typeof memberships.$inferInsert>) => {
      const [row] = await database.db.update(memberships).set(change).where(eq(memberships.id, membership!.id)).returning();
      return row!.list;
    };
    expect(await listAfter({ reactions_count: 1 })).toBe('active');
    expect(await listAfter({ is_whitelisted: true })).toBe('whitelisted');
    expect(await listAfter({ is_removed: true })).toBe('removed');
  });
});

describe('PGlite in a data folder', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = join(await mkdtemp(join(tmpdir(), 'xfilter-db-')), 'nested', 'data');
  });
  afterAll(() => rm(join(dataDir, '..', '..'), { recursive: true, force: true }));

  it('creates the folder, keeps the data, and migrates again without harm', async () => {
    const first = await connectDatabase({ dataDir });
    await first.db.insert(users).values({ name: 'Persisted' });
    await first.close();
    const second = await connectDatabase({ dataDir });
    const rows = await second.db.select({ name: users.name }).from(users);
    await second.close();
    expect(rows).toEqual([{ name: 'Persisted' }]);
  });
});
