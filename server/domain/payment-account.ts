import { and, desc, eq } from 'drizzle-orm';
import type { AppDb } from '../db/connect';
import type { PaymentOnboardingState, TaskStatus } from '../db/enums';
import { payment_accounts, tasks } from '../db/schema';

/** The task kind customer matching runs as; its tasks are the account's match processes. */
export const MATCH_TASK_KIND = 'match_customers';

/** The contract's limit on the match processes one answer lists. */
const MAX_LISTED_TASKS = 100;

export interface PaymentAccountState {
  companyName: string | null;
  /** null: no account is connected (the connect offer). */
  onboarding: PaymentOnboardingState | null;
  tasks: Array<{ id: number; status: TaskStatus; progress: number; startedAt: Date | null }>;
}

/** A group's payment-provider account as the connections page shows it, with its match processes newest first. */
export async function readPaymentAccount(db: AppDb, groupId: number): Promise<PaymentAccountState> {
  const [account] = await db
    .select({ companyName: payment_accounts.company_name, onboarding: payment_accounts.onboarding })
    .from(payment_accounts)
    .where(eq(payment_accounts.group_id, groupId));
  const matchTasks = await db
    .select({ id: tasks.id, status: tasks.status, progress: tasks.progress, startedAt: tasks.start_timestamp })
    .from(tasks)
    .where(and(eq(tasks.group_id, groupId), eq(tasks.kind, MATCH_TASK_KIND)))
    .orderBy(desc(tasks.created_at), desc(tasks.id))
    .limit(MAX_LISTED_TASKS);
  return { companyName: account?.companyName ?? null, onboarding: account?.onboarding ?? null, tasks: matchTasks };
}
