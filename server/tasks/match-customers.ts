import { count, eq, sql } from 'drizzle-orm';
import type { ConnectAdapter, ProviderCustomer } from '../adapters/connect';
import type { AppDb, AppTransaction } from '../db/connect';
import { customers, payment_accounts } from '../db/schema';
import { matchCustomerBatch } from '../domain/matching';
import type { ClaimedTask, TaskProgress, TaskStep, TaskStepWrite } from './runner';

/** Customers one import step reads from the provider (one page). */
export const IMPORT_PAGE_SIZE = 100;
/** Customers one match step suggests members for. */
export const MATCH_BATCH_SIZE = 50;

/** The share of the progress bar the import fills; matching fills the rest. */
const IMPORT_SHARE = 50;
/** The import cannot know the total in advance: each page fills this much of its share, up to just under it. */
const IMPORT_PAGE_PROGRESS = 5;

/**
 * Where a match process stands, kept in the task's payload after every step: importing (the
 * provider's cursor of the next page) or matching (the last customer id matched).
 */
export type MatchTaskPayload =
  | { phase: 'import'; cursor: string | null; pages: number }
  | { phase: 'match'; afterCustomerId: number; matched: number };

function payloadOf(task: ClaimedTask): MatchTaskPayload {
  const payload = task.payload as Partial<MatchTaskPayload>;
  if (payload.phase === 'match') return payload as MatchTaskPayload;
  return { phase: 'import', cursor: (payload as { cursor?: string | null }).cursor ?? null, pages: (payload as { pages?: number }).pages ?? 0 };
}

/** Upserts a page of the provider's customers by their provider id: new ones added, known ones brought up to date. */
export async function importCustomers(tx: AppDb | AppTransaction, accountId: number, page: readonly ProviderCustomer[], now: Date): Promise<void> {
  if (page.length === 0) return;
  await tx
    .insert(customers)
    .values(
      page.map((customer) => ({
        account_id: accountId,
        external_id: customer.externalId,
        name: customer.name,
        email: customer.email,
        paid: customer.paid,
        subscription: customer.subscription,
        subscription_created: customer.subscriptionCreated,
        subscription_status: customer.subscriptionStatus,
        created_at: now,
        updated_at: now,
      })),
    )
    .onConflictDoUpdate({
      target: [customers.account_id, customers.external_id],
      set: {
        name: sql`excluded.name`,
        email: sql`excluded.email`,
        paid: sql`excluded.paid`,
        subscription: sql`excluded.subscription`,
        subscription_created: sql`excluded.subscription_created`,
        subscription_status: sql`excluded.subscription_status`,
        updated_at: now,
      },
    });
}

/**
 * The match process of a group's connected account, in steps: first the provider's customers page
 * by page (imported into `customers`), then the customers in batches matched to the group's
 * members (server/domain/matching.ts). A group whose account is gone has nothing left to do.
 */
export function matchCustomersStep(db: AppDb, connect: ConnectAdapter): TaskStep {
  return async (task, now): Promise<TaskStepWrite> => {
    const payload = payloadOf(task);
    const finished: TaskProgress = { payload, progress: 100, done: true };
    const [account] =
      task.groupId === null
        ? []
        : await db
            .select({ id: payment_accounts.id, externalAccountId: payment_accounts.external_account_id })
            .from(payment_accounts)
            .where(eq(payment_accounts.group_id, task.groupId));
    const groupId = task.groupId;
    if (!account?.externalAccountId || groupId === null) return async () => finished;

    if (payload.phase === 'import') {
      const page = await connect.listCustomers({ externalAccountId: account.externalAccountId, groupId }, payload.cursor, IMPORT_PAGE_SIZE);
      const pages = payload.pages + 1;
      return async (tx) => {
        await importCustomers(tx, account.id, page.customers, now);
        if (page.nextCursor === null) return { payload: { phase: 'match', afterCustomerId: 0, matched: 0 }, progress: IMPORT_SHARE, done: false };
        return { payload: { phase: 'import', cursor: page.nextCursor, pages }, progress: Math.min(IMPORT_SHARE - 1, pages * IMPORT_PAGE_PROGRESS), done: false };
      };
    }

    return async (tx) => {
      const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(customers).where(eq(customers.account_id, account.id));
      const batch = await matchCustomerBatch(tx, { accountId: account.id, groupId, afterCustomerId: payload.afterCustomerId, limit: MATCH_BATCH_SIZE }, now);
      const matched = payload.matched + batch.customers;
      const next: MatchTaskPayload = { phase: 'match', afterCustomerId: batch.lastCustomerId ?? payload.afterCustomerId, matched };
      if (batch.customers < MATCH_BATCH_SIZE) return { payload: next, progress: 100, done: true };
      return { payload: next, progress: IMPORT_SHARE + ((100 - IMPORT_SHARE) * matched) / Math.max(total, matched), done: false };
    };
  };
}
