import { getTableColumns } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { PgInsertValue, PgTable, SelectedFieldsFlat } from 'drizzle-orm/pg-core';
import type { AppDb } from './app-db';

/** PostgreSQL takes at most 65,535 bind parameters in one statement. */
const MAX_PARAMETERS = 60_000;
const MAX_ROWS = 1_000;

function rowsPerStatement(table: PgTable): number {
  const columns = Object.keys(getTableColumns(table)).length;
  return Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_PARAMETERS / columns)));
}

/** Multi-row inserts, as many rows per statement as the parameter limit allows (up to 1,000). */
export async function insertInBatches<TTable extends PgTable>(
  db: AppDb,
  table: TTable,
  rows: PgInsertValue<TTable>[],
): Promise<void> {
  const size = rowsPerStatement(table);
  for (let start = 0; start < rows.length; start += size) {
    await db.insert(table).values(rows.slice(start, start + size));
  }
}

/** Like insertInBatches, returning the selected fields of every inserted row. */
export async function insertInBatchesReturning<TTable extends PgTable, TSelection extends SelectedFieldsFlat>(
  db: AppDb,
  table: TTable,
  rows: PgInsertValue<TTable>[],
  selection: TSelection,
): Promise<SelectResultFields<TSelection>[]> {
  const size = rowsPerStatement(table);
  const inserted: SelectResultFields<TSelection>[] = [];
  for (let start = 0; start < rows.length; start += size) {
    const batch = await db.insert(table).values(rows.slice(start, start + size)).returning(selection);
    inserted.push(...(batch as SelectResultFields<TSelection>[]));
  }
  return inserted;
}
