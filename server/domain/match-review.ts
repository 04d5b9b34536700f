import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { AppDb } from '../db/connect';
import { customers, groups, matches, members, memberships, payment_accounts } from '../db/schema';
import { recordAudit } from './audit';
import { paidFeatureRefusal } from '../../rules/plans';
import { requiresAttention, splitDuplicateLinks, type MatchTab } from '../../rules/matches';

/** Why the connections of a group cannot be read or changed: free groups are blocked (part 2 §6), and nothing is there before onboarding completes. */
export type ConnectionsClosed = { refused: 'free_plan' } | { refused: 'not_connected' };

export interface LinkItem {
  member_id: number;
  customer_id: string;
}

export interface ChangeContext {
  groupId: number;
  userId: number;
  ip: string;
  at: Date;
}

/** The reason a link made by hand carries, where no suggestion led to it. */
const LINKED_BY_HAND = 'linked by hand';

/**
 * The group's account when its connections may be used: a paid plan and a completed onboarding.
 * In a transaction the account row is locked, so changes of one account's links take turns.
 */
async function connectedAccount(db: AppDb, groupId: number, lock: boolean): Promise<{ accountId: number } | ConnectionsClosed> {
  const [group] = await db.select({ subscribed_plan: groups.subscribed_plan, is_locked: groups.is_locked }).from(groups).where(eq(groups.id, groupId));
  // A locked group reads its review; its changes are refused before they get here, as every write of a locked group.
  if (!group || paidFeatureRefusal(group) === 'free_plan') return { refused: 'free_plan' };
  const query = db
    .select({ id: payment_accounts.id, onboarding: payment_accounts.onboarding })
    .from(payment_accounts)
    .where(eq(payment_accounts.group_id, groupId));
  const [account] = lock ? await query.for('update') : await query;
  if (account?.onboarding !== 'completed') return { refused: 'not_connected' };
  return { accountId: account.id };
}

// ---------------------------------------------------------------------------------------------
// Reading the tabs

export interface AccountCustomersQuery {
  groupId: number;
  list: MatchTab;
  memberId?: number;
  page: number;
  perPage: number;
  /** Absent: the provider's order (all_data) or best score first (the suggestion tabs). */
  sort?: { by: 'name' | 'email' | 'paid' | 'score' | 'subscription_created'; direction: 'asc' | 'desc' };
}

export type TabCounts = Record<MatchTab, number>;

const memberSummaryColumns = { id: members.id, name: members.name, avatar_url: members.avatar_url, fb_user_id: members.fb_user_id };

const customerColumns = {
  id: customers.external_id,
  name: customers.name,
  email: customers.email,
  paid: customers.paid,
  subscription: customers.subscription,
  subscription_created: customers.subscription_created,
  subscription_status: customers.subscription_status,
  member_id: customers.member_id,
};

/** The member of the suggestion is already linked to a customer of the same account. */
const memberAlreadyLinked = sql`EXISTS (SELECT 1 FROM customers AS linked WHERE linked.account_id = ${matches.account_id} AND linked.member_id = ${matches.member_id})`;

/**
 * A suggestion still open for review: suggested, and neither its customer nor its member linked
 * yet; it comes back when that link is removed. requires_attention is stored by the matcher with
 * rules/matches.ts requiresAttention (score < 1).
 */
const openSuggestion = and(eq(matches.status, 'suggested'), isNull(customers.member_id), sql`NOT ${memberAlreadyLinked}`)!;

const MATCH_TAB_CONDITIONS: Record<Exclude<MatchTab, 'all_data'>, SQL> = {
  matched: and(openSuggestion, eq(matches.requires_attention, false))!,
  requires_attention: and(openSuggestion, eq(matches.requires_attention, true))!,
  approved: eq(matches.status, 'approved'),
  rejected: eq(matches.status, 'rejected'),
};

const SORT_COLUMNS = {
  name: customers.name,
  email: customers.email,
  paid: customers.paid,
  subscription_created: customers.subscription_created,
  score: matches.score,
};

/** Every tab's count under the member filter, in one statement. */
async function countTabs(db: AppDb, accountId: number, memberId: number | undefined): Promise<TabCounts> {
  const customerFilter = memberId === undefined ? sql`` : sql` AND member_id = ${memberId}`;
  const counted = (condition: SQL) => sql`count(*) FILTER (WHERE ${condition})::int`;
  const [row] = await db
    .select({
      all_data: sql<number>`(SELECT count(*)::int FROM customers WHERE account_id = ${accountId}${customerFilter})`,
      matched: sql<number>`${counted(MATCH_TAB_CONDITIONS.matched)}`,
      requires_attention: sql<number>`${counted(MATCH_TAB_CONDITIONS.requires_attention)}`,
      approved: sql<number>`${counted(MATCH_TAB_CONDITIONS.approved)}`,
      rejected: sql<number>`${counted(MATCH_TAB_CONDITIONS.rejected)}`,
    })
    .from(matches)
    .innerJoin(customers, eq(customers.id, matches.customer_id))
    .where(and(eq(matches.account_id, accountId), memberId === undefined ? undefined : eq(matches.member_id, memberId)));
  return row!;
}

/** The sort asked for, ties broken by the row id in the same direction. */
function sortedBy(sort: NonNullable<AccountCustomersQuery['sort']>, id: typeof customers.id | typeof matches.id): SQL[] {
  const direction = sort.direction === 'asc' ? asc : desc;
  return [direction(SORT_COLUMNS[sort.by]), direction(id)];
}

function customerPage(db: AppDb, accountId: number, query: AccountCustomersQuery) {
  // Customers have no score: sorted by it, they keep the provider's order.
  const order = query.sort && query.sort.by !== 'score' ? sortedBy(query.sort, customers.id) : [asc(customers.external_id), asc(customers.id)];
  return db
    .select({ ...customerColumns, member: memberSummaryColumns })
    .from(customers)
    .leftJoin(members, eq(members.id, customers.member_id))
    .where(and(eq(customers.account_id, accountId), query.memberId === undefined ? undefined : eq(customers.member_id, query.memberId)))
    .orderBy(...order)
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
}

function matchPage(db: AppDb, accountId: number, tab: Exclude<MatchTab, 'all_data'>, query: AccountCustomersQuery) {
  const order = query.sort ? sortedBy(query.sort, matches.id) : [desc(matches.score), asc(matches.id)];
  return db
    .select({
      match_id: matches.id,
      member_id: matches.member_id,
      customer_id: customers.external_id,
      customer_name: customers.name,
      customer_email: customers.email,
      score: matches.score,
      reason: matches.reason,
      member: memberSummaryColumns,
    })
    .from(matches)
    .innerJoin(customers, eq(customers.id, matches.customer_id))
    .innerJoin(members, eq(members.id, matches.member_id))
    .where(and(eq(matches.account_id, accountId), MATCH_TAB_CONDITIONS[tab], query.memberId === undefined ? undefined : eq(matches.member_id, query.memberId)))
    .orderBy(...order)
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
}

export type CustomerRow = Awaited<ReturnType<typeof customerPage>>[number];
export type MatchRow = Awaited<ReturnType<typeof matchPage>>[number];

export type AccountCustomersPage = { list: MatchTab; customers: CustomerRow[]; matches: MatchRow[]; counts: TabCounts } | ConnectionsClosed;

/** One page of one tab (customers for all_data, matches otherwise) and every tab's count, paged, sorted and counted in SQL. */
export async function readAccountCustomers(db: AppDb, query: AccountCustomersQuery): Promise<AccountCustomersPage> {
  const account = await connectedAccount(db, query.groupId, false);
  if ('refused' in account) return account;
  const [rows, counts] = await Promise.all([
    query.list === 'all_data' ? customerPage(db, account.accountId, query) : matchPage(db, account.accountId, query.list, query),
    countTabs(db, account.accountId, query.memberId),
  ]);
  return query.list === 'all_data'
    ? { list: query.list, customers: rows as CustomerRow[], matches: [], counts }
    : { list: query.list, customers: [], matches: rows as MatchRow[], counts };
}

// ---------------------------------------------------------------------------------------------
// Linking and unlinking

interface AccountCustomer {
  id: number;
  external_id: string;
  member_id: number | null;
}

type UnknownItems = { refused: 'unknown_customers'; customerIds: string[] } | { refused: 'unknown_members'; memberIds: number[] };
type MemberLinked = { refused: 'member_linked'; customerId: string };
type UnknownMatches = { refused: 'unknown_matches'; matchIds: number[] };

/** Every way a call of the review is refused. */
export type ReviewRefusal = ConnectionsClosed | UnknownItems | MemberLinked | UnknownMatches;

export type LinkOutcome = { count: number; skipped: LinkItem[] } | ConnectionsClosed | UnknownItems;

/** The account's customers named by the items, locked, or which of them the account does not have. */
async function customersOf(tx: AppDb, accountId: number, externalIds: string[]): Promise<Map<string, AccountCustomer> | UnknownItems> {
  const wanted = [...new Set(externalIds)];
  const rows = await tx
    .select({ id: customers.id, external_id: customers.external_id, member_id: customers.member_id })
    .from(customers)
    .where(and(eq(customers.account_id, accountId), inArray(customers.external_id, wanted)))
    .for('update');
  const byExternalId = new Map(rows.map((row) => [row.external_id, row]));
  const missing = wanted.filter((id) => !byExternalId.has(id));
  return missing.length > 0 ? { refused: 'unknown_customers', customerIds: missing } : byExternalId;
}

/** The named members that are not members of the group. */
async function nonMembersOf(tx: AppDb, groupId: number, memberIds: number[]): Promise<UnknownItems | undefined> {
  const wanted = [...new Set(memberIds)];
  const rows = await tx
    .select({ memberId: memberships.member_id })
    .from(memberships)
    .where(and(eq(memberships.group_id, groupId), inArray(memberships.member_id, wanted)));
  const found = new Set(rows.map((row) => row.memberId));
  const missing = wanted.filter((id) => !found.has(id));
  return missing.length > 0 ? { refused: 'unknown_members', memberIds: missing } : undefined;
}

/** Members among these already linked to a customer of the account. */
async function linkedMembersAmong(tx: AppDb, accountId: number, memberIds: number[]): Promise<Set<number>> {
  const rows = await tx
    .select({ memberId: customers.member_id })
    .from(customers)
    .where(and(eq(customers.account_id, accountId), inArray(customers.member_id, [...new Set(memberIds)])));
  return new Set(rows.map((row) => row.memberId!));
}

/** The links as a table of (customer row id, member id) named pairs, for one statement to join. */
function linkPairs(links: Array<{ customer: AccountCustomer; memberId: number }>): SQL {
  const rows = sql.join(
    links.map((link) => sql`(${link.customer.id}::int, ${link.memberId}::int)`),
    sql`, `,
  );
  return sql`(VALUES ${rows}) AS pairs(customer_id, member_id)`;
}

/**
 * Links customers to members: the customer names the member, the (account, customer, member)
 * match is approved (made, with a score of 1, when no suggestion led to it), and the member's
 * membership in the group takes the customer's paid, subscription and subscription status.
 */
async function writeLinks(tx: AppDb, accountId: number, groupId: number, links: Array<{ customer: AccountCustomer; memberId: number }>, at: Date) {
  await tx.execute(sql`UPDATE customers SET member_id = pairs.member_id, updated_at = ${at}
    FROM ${linkPairs(links)} WHERE customers.id = pairs.customer_id`);
  await tx
    .insert(matches)
    .values(
      links.map((link) => ({
        account_id: accountId,
        customer_id: link.customer.id,
        member_id: link.memberId,
        score: 1,
        reason: LINKED_BY_HAND,
        status: 'approved' as const,
        requires_attention: requiresAttention(1),
        created_at: at,
        updated_at: at,
      })),
    )
    .onConflictDoUpdate({ target: [matches.account_id, matches.customer_id, matches.member_id], set: { status: 'approved', updated_at: at } });
  await copyPaidFieldsToMembers(tx, groupId, links.map((link) => link.customer.id), at);
}

/**
 * The linked members' memberships in the group take their customers' paid, subscription and
 * subscription status (the members table's columns and its paying filter). Linking does it; an
 * import that changes linked customers does it again for them.
 */
export async function copyPaidFieldsToMembers(tx: AppDb, groupId: number, customerIds: number[], at: Date): Promise<void> {
  if (customerIds.length === 0) return;
  await tx.execute(sql`UPDATE memberships SET paid = customers.paid, subscription = customers.subscription,
      subscription_status = customers.subscription_status, updated_at = ${at}
    FROM customers WHERE ${inArray(customers.id, customerIds)}
      AND memberships.group_id = ${groupId} AND memberships.member_id = customers.member_id`);
}

/** The reverse of writeLinks: the customer names no member, the match is a suggestion again, the membership's paid fields are empty. */
async function writeUnlinks(tx: AppDb, accountId: number, groupId: number, links: Array<{ customer: AccountCustomer; memberId: number }>, at: Date) {
  const customerIds = links.map((link) => link.customer.id);
  const memberIds = links.map((link) => link.memberId);
  await tx.update(customers).set({ member_id: null, updated_at: at }).where(inArray(customers.id, customerIds));
  await tx.execute(sql`UPDATE matches SET status = 'suggested', updated_at = ${at} FROM ${linkPairs(links)}
    WHERE matches.account_id = ${accountId} AND matches.customer_id = pairs.customer_id AND matches.member_id = pairs.member_id AND matches.status = 'approved'`);
  await tx
    .update(memberships)
    .set({ paid: null, subscription: null, subscription_status: null, updated_at: at })
    .where(and(eq(memberships.group_id, groupId), inArray(memberships.member_id, memberIds)));
}

/**
 * The group's connected account (locked) with the customers the items name, when every customer is
 * the account's and every member is the group's; else why not.
 */
async function checkedItems(
  tx: AppDb,
  groupId: number,
  items: LinkItem[],
): Promise<{ accountId: number; byExternalId: Map<string, AccountCustomer> } | ConnectionsClosed | UnknownItems> {
  const account = await connectedAccount(tx, groupId, true);
  if ('refused' in account) return account;
  const byExternalId = await customersOf(tx, account.accountId, items.map((item) => item.customer_id));
  if (!(byExternalId instanceof Map)) return byExternalId;
  return (await nonMembersOf(tx, groupId, items.map((item) => item.member_id))) ?? { accountId: account.accountId, byExternalId };
}

const toItem = (link: { customer: AccountCustomer; memberId: number }): LinkItem => ({ member_id: link.memberId, customer_id: link.customer.external_id });

/**
 * Accepts matches in one transaction. Items repeating a member or customer of an earlier item
 * (splitDuplicateLinks, as the approval modal crosses them out), or whose customer or member is
 * already linked, are skipped; an unknown customer or member refuses the whole call.
 */
export async function linkCustomers(db: AppDb, change: ChangeContext, items: LinkItem[]): Promise<LinkOutcome> {
  return db.transaction(async (tx) => {
    const checked = await checkedItems(tx, change.groupId, items);
    if (!('accountId' in checked)) return checked;
    const { accountId, byExternalId } = checked;

    const { kept, crossed } = splitDuplicateLinks(items);
    const linkedMembers = await linkedMembersAmong(tx, accountId, kept.map((item) => item.member_id));
    const linkable = kept.filter((item) => byExternalId.get(item.customer_id)!.member_id === null && !linkedMembers.has(item.member_id));
    const alreadyLinked = kept.filter((item) => !linkable.includes(item));
    const links = linkable.map((item) => ({ customer: byExternalId.get(item.customer_id)!, memberId: item.member_id }));
    if (links.length > 0) {
      await writeLinks(tx, accountId, change.groupId, links, change.at);
      await recordAudit(tx, {
        kind: 'customers_linked',
        userId: change.userId,
        groupId: change.groupId,
        data: { ip: change.ip, count: links.length, items: links.map(toItem) },
        at: change.at,
      });
    }
    return { count: links.length, skipped: [...crossed, ...alreadyLinked] };
  });
}

/** Removes links in one transaction; items whose customer is not linked to that member are skipped. */
export async function unlinkCustomers(db: AppDb, change: ChangeContext, items: LinkItem[]): Promise<LinkOutcome> {
  return db.transaction(async (tx) => {
    const checked = await checkedItems(tx, change.groupId, items);
    if (!('accountId' in checked)) return checked;
    const { accountId, byExternalId } = checked;

    const unlinked = new Set<string>();
    const links: Array<{ customer: AccountCustomer; memberId: number }> = [];
    const skipped: LinkItem[] = [];
    for (const item of items) {
      const customer = byExternalId.get(item.customer_id)!;
      if (customer.member_id !== item.member_id || unlinked.has(item.customer_id)) {
        skipped.push(item);
        continue;
      }
      unlinked.add(item.customer_id);
      links.push({ customer, memberId: item.member_id });
    }
    if (links.length > 0) {
      await writeUnlinks(tx, accountId, change.groupId, links, change.at);
      await recordAudit(tx, {
        kind: 'customers_unlinked',
        userId: change.userId,
        groupId: change.groupId,
        data: { ip: change.ip, count: links.length, items: links.map(toItem) },
        at: change.at,
      });
    }
    return { count: links.length, skipped };
  });
}

export type CustomerOutcome = { customer: CustomerRow } | ConnectionsClosed | UnknownItems | MemberLinked;

async function readCustomer(tx: AppDb, customerId: number): Promise<CustomerRow> {
  const [row] = await tx
    .select({ ...customerColumns, member: memberSummaryColumns })
    .from(customers)
    .leftJoin(members, eq(members.id, customers.member_id))
    .where(eq(customers.id, customerId));
  return row!;
}

/**
 * Links one customer to a member by hand (replacing the member it had), or removes its member
 * (memberId null), with the effects of link and unlink. A member linked to another customer of
 * the account is refused.
 */
export async function setCustomerMember(db: AppDb, change: ChangeContext, externalId: string, memberId: number | null): Promise<CustomerOutcome> {
  return db.transaction(async (tx) => {
    const account = await connectedAccount(tx, change.groupId, true);
    if ('refused' in account) return account;
    const byExternalId = await customersOf(tx, account.accountId, [externalId]);
    if (!(byExternalId instanceof Map)) return byExternalId;
    const customer = byExternalId.get(externalId)!;
    if (memberId !== null) {
      const nonMembers = await nonMembersOf(tx, change.groupId, [memberId]);
      if (nonMembers) return nonMembers;
    }
    if (customer.member_id === memberId) return { customer: await readCustomer(tx, customer.id) };
    if (memberId !== null) {
      const [other] = await tx
        .select({ externalId: customers.external_id })
        .from(customers)
        .where(and(eq(customers.account_id, account.accountId), eq(customers.member_id, memberId)));
      if (other) return { refused: 'member_linked', customerId: other.externalId };
    }
    if (customer.member_id !== null) {
      const link = { customer, memberId: customer.member_id };
      await writeUnlinks(tx, account.accountId, change.groupId, [link], change.at);
      await recordAudit(tx, {
        kind: 'customers_unlinked',
        userId: change.userId,
        groupId: change.groupId,
        data: { ip: change.ip, count: 1, items: [toItem(link)] },
        at: change.at,
      });
    }
    if (memberId !== null) {
      const link = { customer: { ...customer, member_id: null }, memberId };
      await writeLinks(tx, account.accountId, change.groupId, [link], change.at);
      await recordAudit(tx, {
        kind: 'customers_linked',
        userId: change.userId,
        groupId: change.groupId,
        data: { ip: change.ip, count: 1, items: [toItem(link)] },
        at: change.at,
      });
    }
    return { customer: await readCustomer(tx, customer.id) };
  });
}

// ---------------------------------------------------------------------------------------------
// Rejecting and restoring suggestions

export type MatchStatusOutcome = { count: number } | ConnectionsClosed | UnknownMatches;

const STATUS_CHANGES = {
  reject: { from: 'suggested', to: 'rejected', audit: 'matches_rejected' },
  restore: { from: 'rejected', to: 'suggested', audit: 'matches_restored' },
} as const;

/**
 * Rejects suggestions or restores rejected ones in one transaction; ids that are not the
 * account's refuse the whole call, and matches in another status are left as they are.
 */
export async function changeMatchStatus(db: AppDb, change: ChangeContext, kind: keyof typeof STATUS_CHANGES, matchIds: number[]): Promise<MatchStatusOutcome> {
  const { from, to, audit } = STATUS_CHANGES[kind];
  const ids = [...new Set(matchIds)];
  return db.transaction(async (tx) => {
    const account = await connectedAccount(tx, change.groupId, true);
    if ('refused' in account) return account;
    const rows = await tx
      .select({ id: matches.id })
      .from(matches)
      .where(and(eq(matches.account_id, account.accountId), inArray(matches.id, ids)))
      .for('update');
    const found = new Set(rows.map((row) => row.id));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) return { refused: 'unknown_matches', matchIds: missing };
    const changed = await tx
      .update(matches)
      .set({ status: to, updated_at: change.at })
      .where(and(eq(matches.account_id, account.accountId), inArray(matches.id, ids), eq(matches.status, from)))
      .returning({ id: matches.id });
    if (changed.length > 0) {
      await recordAudit(tx, {
        kind: audit,
        userId: change.userId,
        groupId: change.groupId,
        data: { ip: change.ip, count: changed.length, match_ids: changed.map((row) => row.id).sort((a, b) => a - b) },
        at: change.at,
      });
    }
    return { count: changed.length };
  });
}
