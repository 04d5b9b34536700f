import { sql, type SQL } from 'drizzle-orm';
import { matchPercent, requiresAttention } from '../../rules/matches';
import type { AppDb, AppTransaction } from '../db/connect';
import { customers, matches, members, memberships, users } from '../db/schema';

/**
 * How customers are matched to a group's members (docs/ARCHITECTURE.md, "Matching"):
 * - same email: the customer's email is, ignoring case, the email of the xFilter user who is the
 *   member → score 1, 'same email';
 * - same name: the normalized names are equal → 0.9, 'same name';
 * - similar name: the trigram similarity (pg_trgm) of the normalized names, or of the member's name
 *   and the customer's email's local part read as a name ('ada.baker' → 'ada baker'), is at least
 *   0.5 → 0.9 × similarity, 'name 92% similar'.
 * A customer keeps its best three suggestions.
 */
export const SAME_EMAIL_SCORE = 1;
export const SAME_NAME_SCORE = 0.9;
export const MIN_NAME_SIMILARITY = 0.5;
export const SUGGESTIONS_PER_CUSTOMER = 3;
/** A little below MIN_NAME_SIMILARITY: accents and punctuation make names as written a little less alike than normalized. */
const CANDIDATE_SIMILARITY = 0.4;

/** Accented letters and the plain letter each stands for, in both cases. */
const ACCENTED = 'àáâãäåāăąçćčďèéêëēėęěìíîïīįıñńňòóôõöøōőùúûüūůűųýÿžźżšśşłđ';
const PLAIN = 'aaaaaaaaacccdeeeeeeeeiiiiiiinnnoooooooouuuuuuuuyyzzzsssld';

/**
 * A name as matching compares it: lower case, accents stripped, punctuation removed, spaces
 * collapsed ('  José   O’Brien-Smith ' → 'jose obriensmith'). SQL, so members' names and
 * customers' names go through the very same expression.
 */
export function normalizedName(name: SQL): SQL {
  const plain = sql`translate(lower(${name}), ${ACCENTED + ACCENTED.toUpperCase()}, ${PLAIN + PLAIN})`;
  const bare = sql`regexp_replace(${plain}, ${"[!-/:-@\\[-`{-~’‘“”–—]"}, '', 'g')`;
  return sql`btrim(regexp_replace(${bare}, '\\s+', ' ', 'g'))`;
}

/** An email's local part read as a name: 'ada.baker+shop@example.com' → 'ada baker shop', then normalized. */
export function emailAsName(email: SQL): SQL {
  return normalizedName(sql`regexp_replace(split_part(${email}, '@', 1), '[._+-]+', ' ', 'g')`);
}

type SuggestionRow = {
  customer_id: number;
  member_id: number;
  kind: 'email' | 'name' | 'similar';
  similarity: number;
  score: number;
};

/** The reason a suggestion shows, as the review words it. */
export function matchReason(kind: SuggestionRow['kind'], similarity: number): string {
  if (kind === 'email') return 'same email';
  if (kind === 'name') return 'same name';
  return `name ${matchPercent(similarity)}% similar`;
}

/**
 * Suggests members for a batch of the account's customers (ids after `afterCustomerId`, at most
 * `limit`) and stores the suggestions. The candidates are found in SQL for the whole batch: by
 * email through the users table, by name through the memberships' trigram index. A pair already
 * suggested gets its new score and reason; an approved or rejected pair is left as it is.
 * Answers the last customer id of the batch, or null when no customer is left. One transaction.
 */
export async function matchCustomerBatch(
  db: AppDb | AppTransaction,
  batch: { accountId: number; groupId: number; afterCustomerId: number; limit: number },
  now: Date,
): Promise<{ lastCustomerId: number | null; customers: number; suggestions: number }> {
  return db.transaction((tx) => matchInTransaction(tx, batch, now));
}

async function matchInTransaction(
  db: AppTransaction,
  batch: { accountId: number; groupId: number; afterCustomerId: number; limit: number },
  now: Date,
): Promise<{ lastCustomerId: number | null; customers: number; suggestions: number }> {
  const { accountId, groupId, afterCustomerId, limit } = batch;
  const { rows: batchRows } = await db.execute<{ id: number; name: string | null; email: string | null }>(sql`
    SELECT ${customers.id} AS id, ${customers.name} AS name, ${customers.email} AS email FROM ${customers}
    WHERE ${customers.account_id} = ${accountId} AND ${customers.id} > ${afterCustomerId}
    ORDER BY ${customers.id} LIMIT ${limit}`);
  if (batchRows.length === 0) return { lastCustomerId: null, customers: 0, suggestions: 0 };
  const lastCustomerId = batchRows.at(-1)!.id;
  // The trigram index finds the candidates at this similarity of the names as written; the rules then
  // judge the normalized names.
  await db.execute(sql`SELECT set_config('pg_trgm.similarity_threshold', ${String(CANDIDATE_SIMILARITY)}, true)`);
  const { rows } = await db.execute<SuggestionRow>(sql`
    WITH given AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(batchRows)}::jsonb) AS given(id integer, name text, email text)
    ),
    batch AS (
      SELECT c.id AS customer_id, lower(btrim(c.email)) AS email, c.name AS raw_name,
        ${normalizedName(sql`c.name`)} AS name, ${emailAsName(sql`c.email`)} AS email_name
      FROM given c
    ),
    by_email AS (
      SELECT b.customer_id, ms.member_id, 'email' AS kind, 1::real AS similarity, ${SAME_EMAIL_SCORE}::real AS score
      FROM batch b
      JOIN ${users} u ON lower(u.email) = b.email
      JOIN ${members} m ON m.fb_user_id = u.fb_user_id
      JOIN ${memberships} ms ON ms.member_id = m.id AND ms.group_id = ${groupId}
      WHERE b.email IS NOT NULL AND b.email <> ''
    ),
    near_by_name AS (
      SELECT b.customer_id, c.member_id, c.member_name, b.name, b.email_name
      FROM batch b
      CROSS JOIN LATERAL (SELECT ms.member_id, ms.member_name FROM ${memberships} ms WHERE ms.member_name % b.raw_name AND ms.group_id = ${groupId}) c
    ),
    near_by_email AS (
      SELECT b.customer_id, c.member_id, c.member_name, b.name, b.email_name
      FROM batch b
      CROSS JOIN LATERAL (SELECT ms.member_id, ms.member_name FROM ${memberships} ms WHERE ms.member_name % b.email_name AND ms.group_id = ${groupId}) c
    ),
    near AS (
      SELECT DISTINCT customer_id, member_id, ${normalizedName(sql`member_name`)} AS member_name, name, email_name
      FROM (SELECT * FROM near_by_name UNION ALL SELECT * FROM near_by_email) found
    ),
    by_name AS (
      SELECT customer_id, member_id,
        CASE WHEN member_name = name THEN 'name' ELSE 'similar' END AS kind,
        greatest(similarity(member_name, coalesce(name, '')), similarity(member_name, coalesce(email_name, ''))) AS similarity
      FROM near
      WHERE member_name <> ''
    ),
    candidates AS (
      SELECT * FROM by_email
      UNION ALL
      SELECT customer_id, member_id, kind, similarity,
        (CASE WHEN kind = 'name' THEN ${SAME_NAME_SCORE} ELSE ${SAME_NAME_SCORE} * similarity END)::real AS score
      FROM by_name
      WHERE kind = 'name' OR similarity >= ${MIN_NAME_SIMILARITY}
    ),
    best_per_pair AS (
      SELECT DISTINCT ON (customer_id, member_id) * FROM candidates ORDER BY customer_id, member_id, score DESC
    ),
    ranked AS (
      SELECT *, row_number() OVER (PARTITION BY customer_id ORDER BY score DESC, member_id) AS rank FROM best_per_pair
    )
    SELECT customer_id, member_id, kind, similarity::float8 AS similarity, score::float8 AS score
    FROM ranked WHERE rank <= ${SUGGESTIONS_PER_CUSTOMER}
    ORDER BY customer_id, rank`);
  if (rows.length > 0) {
    await db
      .insert(matches)
      .values(
        rows.map((row) => ({
          account_id: accountId,
          customer_id: row.customer_id,
          member_id: row.member_id,
          score: row.score,
          reason: matchReason(row.kind, row.similarity),
          status: 'suggested' as const,
          requires_attention: requiresAttention(row.score),
          created_at: now,
          updated_at: now,
        })),
      )
      .onConflictDoUpdate({
        target: [matches.account_id, matches.customer_id, matches.member_id],
        set: {
          score: sql`excluded.score`,
          reason: sql`excluded.reason`,
          requires_attention: sql`excluded.requires_attention`,
          updated_at: now,
        },
        setWhere: sql`${matches.status} = 'suggested'`,
      });
  }
  return { lastCustomerId, customers: batchRows.length, suggestions: rows.length };
}
