import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { AppDb } from '../../db/connect';
import { members, memberships, users } from '../../db/schema';
import { hashInts, pick } from '../../sandbox/random';
import type { ConnectAdapter, ProviderCustomer } from './connect-adapter';

/** The sandbox's own Connect page; redirect_url leads there with the account's state. */
export const SANDBOX_CONNECT_PAGE_PATH = '/api/v1/sandbox/payments/connect';

/** The sandbox account ids, which are also the state its Connect page checks: unguessable. */
const SANDBOX_ACCOUNT_PREFIX = 'sandbox_acct_';

/** About one customer for this many members, within the bounds below. */
const MEMBERS_PER_CUSTOMER = 40;
const MIN_CUSTOMERS = 12;
const MAX_CUSTOMERS = 120;

/** People who pay but are in no group: names that appear nowhere in the sandbox network. */
const STRANGERS = ['Quincy Marlowe', 'Ottilie Brandvold', 'Percival Thorne', 'Wilhelmina Ashdown', 'Barnaby Quist', 'Ingrid Solberg-Vance'];

/** Money and subscriptions, by turn: paying, behind on payment, stopped paying, never subscribed. */
const BILLING = [
  { paid: 4900, status: 'active' },
  { paid: 19900, status: 'active' },
  { paid: 2900, status: 'past_due' },
  { paid: 9800, status: 'canceled' },
  { paid: 0, status: null },
] as const;

/** 2023-11-14, the start of the sandbox's subscription dates; each is some days later. */
const SUBSCRIPTIONS_FROM = 1_700_000_000;
const DAY = 86_400;

interface GroupPerson {
  name: string;
  email: string | null;
}

/** 'Ada Admin' → 'ada.admin': how the sandbox spells an email of a name. */
const emailName = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '.').replace(/^\.|\.$/g, '');

/** The name with one letter of the last word doubled ('Emma Jensen' → 'Emma Jennsen'): spelled a little differently. */
function misspelled(name: string, unit: number): string {
  const at = name.lastIndexOf(' ') + 2 + Math.floor(unit * Math.max(1, name.length - name.lastIndexOf(' ') - 2));
  const index = Math.min(at, name.length - 1);
  return `${name.slice(0, index)}${name[index]}${name.slice(index)}`;
}

/**
 * A sandbox group's payment customers, generated from its members in member order, the same list
 * every time: the members who are sandbox users pay under their own email (matched by email); then,
 * by turn, members' names as they are (same name), a little misspelled (similar name), twice for one
 * member (a duplicate: two customers resembling one member), and strangers who match no one. Many
 * sandbox members share a name, so a customer also often resembles two members.
 */
export function sandboxCustomers(people: readonly GroupPerson[]): ProviderCustomer[] {
  const withEmail = people.filter((person) => person.email !== null);
  const count = Math.min(MAX_CUSTOMERS, Math.max(MIN_CUSTOMERS, Math.round(people.length / MEMBERS_PER_CUSTOMER)));
  const drawn: Array<{ name: string; email: string }> = withEmail.map((person) => ({ name: person.name, email: person.email! }));
  const stride = Math.max(1, Math.floor(people.length / count));
  for (let turn = 0; drawn.length < count; turn += 1) {
    const unit = hashInts(turn, 7) / 4294967296;
    const person = people.length > 0 ? people[(turn * stride) % people.length]! : undefined;
    const kind = person ? turn % 6 : 5;
    if (kind <= 1) drawn.push({ name: person!.name, email: `${emailName(person!.name)}@example.net` });
    else if (kind <= 3) drawn.push({ name: misspelled(person!.name, unit), email: `${emailName(person!.name)}${turn}@example.org` });
    else if (kind === 4) {
      drawn.push({ name: person!.name, email: `${emailName(person!.name)}@example.net` });
      drawn.push({ name: person!.name.toUpperCase(), email: `${emailName(person!.name)}.work@example.com` });
    } else {
      const stranger = pick(STRANGERS, unit);
      drawn.push({ name: stranger, email: `${emailName(stranger)}${turn}@example.org` });
    }
  }
  return drawn.map((customer, index) => {
    const billing = BILLING[index % BILLING.length]!;
    const subscribed = billing.status !== null;
    return {
      externalId: `cus_sandbox_${index + 1}`,
      name: customer.name,
      email: customer.email,
      paid: billing.paid,
      subscription: subscribed ? `sub_sandbox_${index + 1}` : null,
      subscriptionCreated: subscribed ? SUBSCRIPTIONS_FROM + (hashInts(index, 11) % 600) * DAY : null,
      subscriptionStatus: billing.status,
    };
  });
}

/**
 * The sandbox's payment provider for connected accounts: the account is made at once, its Connect
 * page is ours (GET /sandbox/payments/connect), and a group's customers come from its members
 * (sandboxCustomers), so a connected sandbox group always has customers to match.
 */
export function createSandboxConnect(db: AppDb): ConnectAdapter {
  async function groupPeople(groupId: number): Promise<GroupPerson[]> {
    return db
      .select({ name: memberships.member_name, email: users.email })
      .from(memberships)
      .innerJoin(members, eq(members.id, memberships.member_id))
      .leftJoin(users, eq(users.fb_user_id, members.fb_user_id))
      .where(eq(memberships.group_id, groupId))
      .orderBy(asc(memberships.member_id));
  }

  return {
    async createAccount(group) {
      return { externalAccountId: `${SANDBOX_ACCOUNT_PREFIX}${randomBytes(16).toString('hex')}`, companyName: `${group.name} Payments` };
    },
    async onboardingUrl(account, back) {
      const origin = new URL(back.returnUrl).origin;
      const query = new URLSearchParams({ group_id: String(account.groupId), state: account.externalAccountId });
      return `${origin}${SANDBOX_CONNECT_PAGE_PATH}?${query}`;
    },
    async listCustomers(account, cursor, pageSize) {
      const all = sandboxCustomers(await groupPeople(account.groupId));
      const start = cursor === null ? 0 : Number(cursor);
      const end = start + pageSize;
      return { customers: all.slice(start, end), nextCursor: end < all.length ? String(end) : null };
    },
  };
}
