import type { AppDb } from '../../../server/db/connect';
import type { MatchStatus, PaymentOnboardingState } from '../../../server/db/enums';
import { customers, groups, matches, members, memberships, payment_accounts } from '../../../server/db/schema';
import type { SubscribedPlan } from '../../../rules/plans';
import type { RoleWorld } from '../support/roles';

let made = 0;
const nextNumber = () => {
  made += 1;
  return made;
};

/** A new group held by the role world's group admin, so their token reaches it. */
export async function heldGroup(db: AppDb, world: RoleWorld, options: { plan?: SubscribedPlan; isLocked?: boolean } = {}): Promise<number> {
  const number = nextNumber();
  const [group] = await db
    .insert(groups)
    .values({ fb_group_id: `86${String(number).padStart(5, '0')}`, name: `Review Group ${number}`, subscribed_plan: options.plan ?? 'annual', is_locked: options.isLocked ?? false })
    .returning({ id: groups.id });
  await db.insert(memberships).values({ group_id: group!.id, member_id: world.memberId, member_name: 'Test groupAdmin', role: 'admin', is_admin_holder: true });
  return group!.id;
}

/** The group's payment account, in the given onboarding state. */
export async function connectAccount(db: AppDb, groupId: number, onboarding: PaymentOnboardingState = 'completed'): Promise<number> {
  const [account] = await db.insert(payment_accounts).values({ group_id: groupId, company_name: 'Review Co', onboarding }).returning({ id: payment_accounts.id });
  return account!.id;
}

/** A new person and their membership in the group. */
export async function addMember(db: AppDb, groupId: number, name: string, fields: Partial<typeof memberships.$inferInsert> = {}): Promise<number> {
  const [member] = await db
    .insert(members)
    .values({ fb_user_id: `87${String(nextNumber()).padStart(5, '0')}`, name, avatar_url: null })
    .returning({ id: members.id });
  await db.insert(memberships).values({ group_id: groupId, member_id: member!.id, member_name: name, ...fields });
  return member!.id;
}

export interface CustomerSpec {
  externalId: string;
  name?: string | null;
  email?: string | null;
  paid?: number;
  subscription?: string | null;
  subscriptionCreated?: number | null;
  subscriptionStatus?: string | null;
  memberId?: number | null;
}

/** A customer of the account as the import stores it; its row id. */
export async function addCustomer(db: AppDb, accountId: number, spec: CustomerSpec): Promise<number> {
  const [row] = await db
    .insert(customers)
    .values({
      account_id: accountId,
      external_id: spec.externalId,
      name: spec.name ?? null,
      email: spec.email ?? null,
      paid: spec.paid ?? 0,
      subscription: spec.subscription ?? null,
      subscription_created: spec.subscriptionCreated ?? null,
      subscription_status: spec.subscriptionStatus ?? null,
      member_id: spec.memberId ?? null,
    })
    .returning({ id: customers.id });
  return row!.id;
}

/** A suggestion as the matcher stores it: below a score of 1 it requires attention. Its id. */
export async function addMatch(
  db: AppDb,
  accountId: number,
  spec: { customerId: number; memberId: number; score: number; reason?: string; status?: MatchStatus },
): Promise<number> {
  const [row] = await db
    .insert(matches)
    .values({
      account_id: accountId,
      customer_id: spec.customerId,
      member_id: spec.memberId,
      score: spec.score,
      reason: spec.reason ?? 'same email',
      status: spec.status ?? 'suggested',
      requires_attention: spec.score < 1,
    })
    .returning({ id: matches.id });
  return row!.id;
}

/**
 * A connected group with six customers and eight suggestions, each tab holding something:
 * Dee is linked to customer cus_b, so the suggestions of cus_b (to Ann) and of Dee (to cus_f)
 * wait out of the review until that link is removed.
 */
export async function reviewWorld(db: AppDb, world: RoleWorld) {
  const groupId = await heldGroup(db, world);
  const accountId = await connectAccount(db, groupId);
  const member = {
    ann: await addMember(db, groupId, 'Ann Archer'),
    ben: await addMember(db, groupId, 'Ben Baker'),
    cal: await addMember(db, groupId, 'Cal Cooper'),
    dee: await addMember(db, groupId, 'Dee Dunn', { paid: 9900, subscription: 'Gold', subscription_status: 'active' }),
    eve: await addMember(db, groupId, 'Eve Evans'),
    fay: await addMember(db, groupId, 'Fay Fisher'),
  };
  const customer = {
    c1: await addCustomer(db, accountId, { externalId: 'cus_c', name: 'Ann Archer', email: 'ann@example.com', paid: 1200, subscription: 'Gold', subscriptionCreated: 1700000300, subscriptionStatus: 'active' }),
    c2: await addCustomer(db, accountId, { externalId: 'cus_a', name: 'Ben Baker', email: 'ben@example.com', paid: 500, subscription: 'Silver', subscriptionCreated: 1700000100, subscriptionStatus: 'past_due' }),
    c3: await addCustomer(db, accountId, { externalId: 'cus_e', name: 'Cal Cooper', email: null, paid: 0 }),
    c4: await addCustomer(db, accountId, { externalId: 'cus_b', name: 'Dee Dunn', email: 'dee@example.com', paid: 9900, subscription: 'Gold', subscriptionCreated: 1700000200, subscriptionStatus: 'active', memberId: member.dee }),
    c5: await addCustomer(db, accountId, { externalId: 'cus_d', name: 'Eve Evans', email: 'eve@example.com', paid: 300, subscription: 'Bronze', subscriptionStatus: 'canceled' }),
    c6: await addCustomer(db, accountId, { externalId: 'cus_f', name: 'Dee Duplicate', email: null, paid: 100 }),
  };
  const match = {
    annC1: await addMatch(db, accountId, { customerId: customer.c1, memberId: member.ann, score: 1, reason: 'same email' }),
    benC2: await addMatch(db, accountId, { customerId: customer.c2, memberId: member.ben, score: 0.75, reason: 'name 75% similar' }),
    calC3: await addMatch(db, accountId, { customerId: customer.c3, memberId: member.cal, score: 0.875, reason: 'name 88% similar' }),
    deeC4: await addMatch(db, accountId, { customerId: customer.c4, memberId: member.dee, score: 1, status: 'approved' }),
    eveC5: await addMatch(db, accountId, { customerId: customer.c5, memberId: member.eve, score: 0.25, status: 'rejected', reason: 'name 25% similar' }),
    annC4: await addMatch(db, accountId, { customerId: customer.c4, memberId: member.ann, score: 1 }),
    deeC6: await addMatch(db, accountId, { customerId: customer.c6, memberId: member.dee, score: 0.625, reason: 'name 63% similar' }),
    annC2: await addMatch(db, accountId, { customerId: customer.c2, memberId: member.ann, score: 0.5, reason: 'name 50% similar' }),
  };
  return { groupId, accountId, member, customer, match };
}
