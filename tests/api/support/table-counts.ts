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
