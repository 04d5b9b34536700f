import { sql } from 'drizzle-orm';
import type { AppDb } from '../../../server/db/connect';

/** Row counts of every table, to prove a refused request wrote nothing. */
export async function tableCounts(db: AppDb): Promise<Record<string, number>> {
  const tables = await db.execute<{ table_name: string }>(
    sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name } of tables.rows) {
    const result = await db.execute<{ count: string | number }>(sql`SELECT count(*) AS count FROM ${sql.identifier(table_name)}`);
    counts[table_name] = Number(result.rows[0].count);
  }
  return counts;
}

/** A fingerprint of every table's rows, to prove a refused request changed nothing, not even a row in place. */
export async function tableDigests(db: AppDb): Promise<Record<string, string>> {
  const tables = await db.execute<{ table_name: string }>(
    sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const digests: Record<string, string> = {};
  for (const { table_name } of tables.rows) {
    const table = sql.identifier(table_name);
    const result = await db.execute<{ digest: string }>(
      sql`SELECT md5(coalesce(string_agg(row_text, E'\n' ORDER BY row_text), '')) AS digest FROM (SELECT ${table}::text AS row_text FROM ${table}) AS rows`,
    );
    digests[table_name] = result.rows[0].digest;
  }
  return digests;
}

/** Every table's fingerprint but the sessions', whose last use each signed-in call may record: what a refused request must leave as it was. */
export async function dataDigests(db: AppDb): Promise<Record<string, string>> {
  const { sessions: _sessions, ...digests } = await tableDigests(db);
  return digests;
}
