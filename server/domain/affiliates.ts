import { randomBytes } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { isPaidPlan } from '../../rules/plans';
import type { AffiliatesAdapter } from '../adapters/affiliates';
import type { AppDb } from '../db/connect';
import { users } from '../db/schema';
import { listHeldGroups } from './held-groups';
import { readToggles } from './toggles';
import { findUser, type UserRow } from './users';

/** The referral programme account as the Affiliates page shows it; the link may be a path on our origin. */
export interface AffiliateAccount {
  link: string;
  login: string;
  /** Null when the password was not chosen here: 'We don't know your password'. */
  password: string | null;
  balance: number;
}

export type EnableRefusal = 'already_enabled' | 'no_paid_groups' | 'email_taken';

/** Whether the referral programme is on (GET /status features.affiliates_enabled). */
export async function affiliatesEnabled(db: AppDb): Promise<boolean> {
  return (await readToggles(db)).affiliates_enabled;
}

/** Affiliate features are locked unless the user holds a group on a paid plan (part 1 §4, §6). */
export async function hasPaidGroups(db: AppDb, userId: number): Promise<boolean> {
  return (await listHeldGroups(db, userId)).some((group) => isPaidPlan(group.subscribed_plan));
}

async function accountOf(adapter: AffiliatesAdapter, user: UserRow & { tapfiliate_id: string }): Promise<AffiliateAccount> {
  const [link, balance] = await Promise.all([adapter.referralLink(user.tapfiliate_id), adapter.balanceCents(user.tapfiliate_id)]);
  return { link, login: user.email ?? '', password: user.tapfiliate_password, balance };
}

function hasAffiliate(user: UserRow): user is UserRow & { tapfiliate_id: string } {
  return user.tapfiliate_id !== null;
}

async function requireUser(db: AppDb, userId: number): Promise<UserRow> {
  const user = await findUser(db, userId);
  if (!user) throw new Error(`user ${userId} has a session but no record`);
  return user;
}

/** The user's affiliate account, or null until they join the programme. */
export async function readAffiliate(db: AppDb, adapter: AffiliatesAdapter, userId: number): Promise<AffiliateAccount | null> {
  const user = await requireUser(db, userId);
  return hasAffiliate(user) ? accountOf(adapter, user) : null;
}

/** The commission owed to the user in USD cents, or null when they have not joined the programme. */
export async function readAffiliateBalance(db: AppDb, adapter: AffiliatesAdapter, userId: number): Promise<number | null> {
  const user = await requireUser(db, userId);
  return hasAffiliate(user) ? adapter.balanceCents(user.tapfiliate_id) : null;
}

async function emailHeldByAnother(db: AppDb, userId: number, email: string): Promise<boolean> {
  const [holder] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, ne(users.id, userId)))
    .limit(1);
  return Boolean(holder);
}

function namesOf(user: UserRow): { firstName: string; lastName: string } {
  const [first = user.name, ...rest] = user.name.trim().split(/\s+/);
  return { firstName: user.first_name ?? first, lastName: user.last_name ?? rest.join(' ') };
}

/**
 * Joins the user to the referral programme. The affiliate's login is the user's email; a user with
 * none gives one, which becomes theirs (unless another user has it). The password is chosen here so
 * the page can show it. The affiliate service is asked before anything is written; the user's email
 * and affiliate are then saved in one transaction, which a concurrent enable of the same user loses.
 * An affiliate that cannot be saved is removed from the service again.
 */
export async function enableAffiliate(
  db: AppDb,
  adapter: AffiliatesAdapter,
  userId: number,
  email: string,
  at: Date,
): Promise<AffiliateAccount | EnableRefusal> {
  const user = await requireUser(db, userId);
  if (hasAffiliate(user)) return 'already_enabled';
  if (!(await hasPaidGroups(db, userId))) return 'no_paid_groups';
  const login = user.email ?? email;
  if (user.email === null && (await emailHeldByAnother(db, userId, login))) return 'email_taken';

  const password = randomBytes(12).toString('base64url');
  const { id } = await adapter.createAffiliate({ ...namesOf(user), email: login, password });

  let saved: UserRow | EnableRefusal;
  try {
    saved = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(lower(${login})))`);
      if (user.email === null && (await emailHeldByAnother(tx, userId, login))) return 'email_taken' as const;
      const [row] = await tx
        .update(users)
        .set({ email: sql`coalesce(${users.email}, ${login})`, tapfiliate_id: id, tapfiliate_password: password, updated_at: at })
        .where(and(eq(users.id, userId), isNull(users.tapfiliate_id)))
        .returning();
      return row ?? ('already_enabled' as const);
    });
  } catch (error) {
    await adapter.removeAffiliate(id);
    throw error;
  }
  if (typeof saved === 'string') {
    await adapter.removeAffiliate(id);
    return saved;
  }
  return accountOf(adapter, saved as UserRow & { tapfiliate_id: string });
}
