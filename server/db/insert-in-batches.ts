import { getTableColumns, getTableName, sql, type Column, type SQL } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { PgInsertValue, PgTable, SelectedFieldsFlat } from 'drizzle-orm/pg-core';
import type { AppDb } from './app-db';

/**
 * Rows per statement. Each batch travels as one JSON parameter that PostgreSQL expands with
 * json_populate_recordset, so a statement parses one value however many cells it carries.
 */
const ROWS_PER_STATEMENT = 5_000;

/** Told after each statement how many of the rows are in. */
export type InsertProgress = (inserted: number, total: number) => void;

export interface InsertOptions {
  onProgress?: InsertProgress;
}

/** Multi-row inserts in large batches; a column a row leaves out takes its default. */
export async function insertInBatches<TTable extends PgTable>(
  db: AppDb,
  table: TTable,
  rows: PgInsertValue<TTable>[],
  options: InsertOptions = {},
): Promise<void> {
  await insertRuns(db, table, rows, undefined, options);
}

/** Like insertInBatches, returning the selected fields of every inserted row, in the order given. */
export async function insertInBatchesReturning<TTable extends PgTable, TSelection extends SelectedFieldsFlat>(
  db: AppDb,
  table: TTable,
  rows: PgInsertValue<TTable>[],
  selection: TSelection,
  options: InsertOptions = {},
): Promise<SelectResultFields<TSelection>[]> {
  return (await insertRuns(db, table, rows, selection, options)) as SelectResultFields<TSelection>[];
}

type Row = Record<string, unknown>;

async function insertRuns(
  db: AppDb,
  table: PgTable,
  rows: readonly Row[],
  selection: SelectedFieldsFlat | undefined,
  { onProgress }: InsertOptions,
): Promise<Row[]> {
  const columns = getTableColumns(table) as Record<string, Column>;
  const inserted: Row[] = [];
  let done = 0;
  for (const run of runsOfOneShape(rows, columns)) {
    for (let start = 0; start < run.rows.length; start += ROWS_PER_STATEMENT) {
      const batch = run.rows.slice(start, start + ROWS_PER_STATEMENT);
      const { rows: returned } = await db.execute<Row>(insertStatement(table, columns, run.keys, batch, selection));
      if (selection) inserted.push(...returned.map((row) => fromDriver(row, selection)));
      done += batch.length;
      onProgress?.(done, rows.length);
    }
  }
  return inserted;
}

/** Consecutive rows that give the same columns, so the rows keep their order (and their serial ids). */
function runsOfOneShape(rows: readonly Row[], columns: Record<string, Column>): Array<{ keys: string[]; rows: Row[] }> {
  const runs: Array<{ keys: string[]; shape: string; rows: Row[] }> = [];
  for (const row of rows) {
    const keys = Object.keys(columns).filter((key) => row[key] !== undefined && !columns[key].generated);
    const shape = keys.join(',');
    const last = runs.at(-1);
    if (last?.shape === shape) last.rows.push(row);
    else runs.push({ keys, shape, rows: [row] });
  }
  return runs;
}

function insertStatement(
  table: PgTable,
  columns: Record<string, Column>,
  keys: readonly string[],
  rows: readonly Row[],
  selection: SelectedFieldsFlat | undefined,
): SQL {
  const names = sql.join(
    keys.map((key) => sql.identifier(columns[key].name)),
    sql`, `,
  );
  const payload = JSON.stringify(rows.map((row) => toDriver(row, keys, columns)));
  const target = sql.identifier(getTableName(table));
  const statement = sql`INSERT INTO ${target} (${names})
    SELECT ${names} FROM json_populate_recordset(NULL::${target}, ${payload}::json) WITH ORDINALITY AS given
    ORDER BY given.ordinality`;
  if (!selection) return statement;
  const returned = sql.join(
    Object.entries(selection).map(([alias, column]) => sql`${sql.identifier((column as Column).name)} AS ${sql.identifier(alias)}`),
    sql`, `,
  );
  return sql`${statement} RETURNING ${returned}`;
}

/** One row keyed by column name, each value as the driver would send it; JSON columns stay JSON. */
function toDriver(row: Row, keys: readonly string[], columns: Record<string, Column>): Row {
  const values: Row = {};
  for (const key of keys) {
    const column = columns[key];
    const value = row[key];
    values[column.name] = value === null || isJsonColumn(column) ? value : column.mapToDriverValue(value);
  }
  return values;
}

function isJsonColumn(column: Column): boolean {
  return column.columnType === 'PgJsonb' || column.columnType === 'PgJson';
}

function fromDriver(row: Row, selection: SelectedFieldsFlat): Row {
  const values: Row = {};
  for (const [alias, column] of Object.entries(selection)) {
    const value = row[alias];
    values[alias] = value === null ? null : (column as Column).mapFromDriverValue(value);
  }
  return values;
}
