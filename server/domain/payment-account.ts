import { and, desc, eq, inArray, isNotNull, isNull, ne, or } from 'drizzle-orm';
import { paidFeatureRefusal, type PaidFeatureRefusal, type SubscribedPlan } from '../../rules/plans';
import type { ConnectAdapter, OnboardingReturn } from '../adapters/connect';
import type { AppDb, AppTransaction } from '../db/connect';
import type { PaymentOnboardingState, TaskStatus } from '../db/enums';
import { customers, groups, memberships, payment_accounts, tasks } from '../db/schema';
import { enqueueTask } from '../tasks/runner';
import { recordAudit } from './audit';

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


interface GroupForConnection {
  id: number;
  name: string;
  fbGroupId: string;
  plan: SubscribedPlan;
  isLocked: boolean;
}

async function groupForConnection(db: AppDb | AppTransaction, groupId: number): Promise<GroupForConnection | undefined> {
  const [group] = await db
    .select({ id: groups.id, name: groups.name, fbGroupId: groups.fb_group_id, plan: groups.subscribed_plan, isLocked: groups.is_locked })
    .from(groups)
    .where(eq(groups.id, groupId));
  return group;
}

function refusalOf(group: GroupForConnection): PaidFeatureRefusal | null {
  return paidFeatureRefusal({ subscribed_plan: group.plan, is_locked: group.isLocked });
}

/** Where the provider's onboarding sends the browser back: the group's connections page. */
export function connectionsPageUrl(origin: string, fbGroupId: string): OnboardingReturn {
  const page = `${origin}/${encodeURIComponent(fbGroupId)}/connections/stripe`;
  return { returnUrl: page, refreshUrl: `${page}?onboarding=refresh` };
}

/**
 * Connects the group's payment account, or continues its onboarding: the provider account is made
 * once (onboarding 'started', the provider's company name), and each call answers a fresh address
 * where onboarding continues; none once onboarding is completed.
 */
export async function connectPaymentAccount(
  db: AppDb,
  connect: ConnectAdapter,
  request: { groupId: number; origin: string },
): Promise<{ refused: PaidFeatureRefusal } | { redirectUrl: string | null; account: PaymentAccountState }> {
  const group = await groupForConnection(db, request.groupId);
  if (!group) throw new Error(`group ${request.groupId} vanished while connecting its account`);
  const refusal = refusalOf(group);
  if (refusal) return { refused: refusal };
  let [account] = await db.select().from(payment_accounts).where(eq(payment_accounts.group_id, group.id));
  if (!account?.external_account_id) {
    const created = await connect.createAccount({ id: group.id, name: group.name, fbGroupId: group.fbGroupId });
    await db
      .insert(payment_accounts)
      .values({ group_id: group.id, company_name: created.companyName, onboarding: 'started', external_account_id: created.externalAccountId })
      .onConflictDoUpdate({
        target: payment_accounts.group_id,
        set: { company_name: created.companyName, onboarding: 'started', external_account_id: created.externalAccountId },
        setWhere: isNull(payment_accounts.external_account_id),
      });
    [account] = await db.select().from(payment_accounts).where(eq(payment_accounts.group_id, group.id));
  } else if (account.onboarding === 'refresh') {
    // A new link: onboarding is under way again.
    await db.update(payment_accounts).set({ onboarding: 'started' }).where(and(eq(payment_accounts.id, account.id), eq(payment_accounts.onboarding, 'refresh')));
  }
  const redirectUrl =
    account!.onboarding === 'completed'
      ? null
      : await connect.onboardingUrl(
          { externalAccountId: account!.external_account_id!, groupId: group.id },
          connectionsPageUrl(request.origin, group.fbGroupId),
        );
  return { redirectUrl, account: await readPaymentAccount(db, group.id) };
}

/** The provider's onboarding link expired and sent the browser back: an onboarding under way is to be refreshed with a new link. */
export async function refreshOnboarding(db: AppDb, groupId: number, now: Date): Promise<void> {
  await db
    .update(payment_accounts)
    .set({ onboarding: 'refresh', updated_at: now })
    .where(and(eq(payment_accounts.group_id, groupId), eq(payment_accounts.onboarding, 'started')));
}

/**
 * Onboarding is completed: the account says so, the change is audited and the match process
 * queued, in one transaction. Only the first completion does any of it; answers whether this was it.
 */
async function completeOnboarding(
  tx: AppTransaction,
  account: { groupId: number; companyName?: string | null },
  userId: number | null,
  now: Date,
): Promise<boolean> {
  const changed = await tx
    .update(payment_accounts)
    .set({ onboarding: 'completed', updated_at: now, ...(account.companyName ? { company_name: account.companyName } : {}) })
    .where(and(eq(payment_accounts.group_id, account.groupId), or(isNull(payment_accounts.onboarding), ne(payment_accounts.onboarding, 'completed'))))
    .returning({ id: payment_accounts.id });
  if (changed.length === 0) return false;
  await recordAudit(tx, { kind: 'payment_account_connected', userId, groupId: account.groupId, at: now });
  await enqueueTask(tx, { kind: MATCH_TASK_KIND, groupId: account.groupId, payload: {} }, now);
  return true;
}

/**
 * While onboarding is under way, asks the provider whether it is done (live mode; the sandbox's
 * Connect page completes it itself) and, when it is, completes it.
 */
export async function followOnboarding(db: AppDb, connect: ConnectAdapter, groupId: number, userId: number | null, now: Date): Promise<void> {
  if (!connect.readOnboarding) return;
  const [account] = await db
    .select({ onboarding: payment_accounts.onboarding, externalAccountId: payment_accounts.external_account_id })
    .from(payment_accounts)
    .where(eq(payment_accounts.group_id, groupId));
  if (!account?.externalAccountId || account.onboarding === 'completed') return;
  const provider = await connect.readOnboarding(account.externalAccountId);
  if (!provider.completed) return;
  await db.transaction((tx) => completeOnboarding(tx, { groupId, companyName: provider.companyName }, userId, now));
}

/**
 * The sandbox Connect page's completion: the group's account whose state (its sandbox account id)
 * is the one given completes onboarding. Answers null when no account of the group has that state.
 */
export async function completeSandboxOnboarding(
  db: AppDb,
  request: { groupId: number; state: string; now: Date },
): Promise<{ account: PaymentAccountState; fbGroupId: string } | null> {
  const [found] = await db
    .select({ fbGroupId: groups.fb_group_id })
    .from(payment_accounts)
    .innerJoin(groups, eq(groups.id, payment_accounts.group_id))
    .where(and(eq(payment_accounts.group_id, request.groupId), eq(payment_accounts.external_account_id, request.state)));
  if (!found) return null;
  await db.transaction((tx) => completeOnboarding(tx, { groupId: request.groupId }, null, request.now));
  return { account: await readPaymentAccount(db, request.groupId), fbGroupId: found.fbGroupId };
}

/** The group a sandbox Connect page is for, when the state is its account's; else undefined. */
export async function sandboxConnectingGroup(db: AppDb, groupId: number, state: string): Promise<{ name: string; fbGroupId: string; companyName: string | null } | undefined> {
  const [found] = await db
    .select({ name: groups.name, fbGroupId: groups.fb_group_id, companyName: payment_accounts.company_name })
    .from(payment_accounts)
    .innerJoin(groups, eq(groups.id, payment_accounts.group_id))
    .where(and(eq(payment_accounts.group_id, groupId), eq(payment_accounts.external_account_id, state)));
  return found;
}

/**
 * Disconnects the group's payment account in one transaction: the members its customers were
 * linked to lose their paid and subscription columns, the account goes with its customers and
 * matches (foreign keys cascade), its match processes are dropped, and the change is audited.
 */
export async function disconnectPaymentAccount(
  db: AppDb,
  request: { groupId: number; userId: number; now: Date },
): Promise<{ refused: PaidFeatureRefusal } | { disconnected: boolean }> {
  return db.transaction(async (tx) => {
    const group = await groupForConnection(tx, request.groupId);
    if (!group) return { disconnected: false };
    const refusal = refusalOf(group);
    if (refusal) return { refused: refusal };
    const [account] = await tx.select({ id: payment_accounts.id }).from(payment_accounts).where(eq(payment_accounts.group_id, group.id)).for('update');
    if (!account) return { disconnected: false };
    const linkedMembers = tx
      .select({ memberId: customers.member_id })
      .from(customers)
      .where(and(eq(customers.account_id, account.id), isNotNull(customers.member_id)));
    await tx
      .update(memberships)
      .set({ paid: null, subscription: null, subscription_status: null, updated_at: request.now })
      .where(and(eq(memberships.group_id, group.id), inArray(memberships.member_id, linkedMembers)));
    await tx.delete(tasks).where(and(eq(tasks.group_id, group.id), eq(tasks.kind, MATCH_TASK_KIND)));
    await tx.delete(payment_accounts).where(eq(payment_accounts.id, account.id));
    await recordAudit(tx, { kind: 'payment_account_disconnected', userId: request.userId, groupId: group.id, at: request.now });
    return { disconnected: true };
  });
}
