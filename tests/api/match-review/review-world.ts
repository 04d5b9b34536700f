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
