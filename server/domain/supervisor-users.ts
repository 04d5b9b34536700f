import { and, asc, count, desc, eq, exists, ilike, inArray, ne, not, or, sql, type SQL } from 'drizzle-orm';
import type { SubscribedPlan } from '../../rules/plans';
import type { SupervisorUserRole, SupervisorUserSortField } from '../../rules/supervisorLists';
import type { AppDb } from '../db/connect';
import { groups, members, memberships, users } from '../db/schema';
import { readMembershipDetails } from './supervisor-members';
import { noteChange, recordSupervisorEdit, type FieldDiff } from './supervisor-edits';
import { changeUserEmail } from './user-email';
import { changeUserFlags, effectiveUserFlags, type UserFlagsPatch } from './user-flags';
import { containsPattern } from './user-search';
import { findLinkedMember, findUser, type UserRow } from './users';

export interface SupervisorUserQuery {
  search?: string;
  /** Only the user linked to this member (the user with the member's fb_user_id). */
  memberId?: number;
  role: SupervisorUserRole;
  /** Users holding a group on one of these plans. */
  plans?: SubscribedPlan[];
  /** Users holding (true) or not holding (false) an orphaned group. */
  orphaned?: boolean;
  /** Users holding (true) or not holding (false) a locked group. */
  locked?: boolean;
  sortBy: SupervisorUserSortField;
  sortDirection: 'asc' | 'desc';
}

/** The user holds a group (held-groups.ts' rule: an admin holder, not removed) that meets the condition. */
function holdsGroupWhere(db: AppDb, condition: SQL): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(members)
      .innerJoin(memberships, and(eq(memberships.member_id, members.id), eq(memberships.is_admin_holder, true), eq(memberships.is_removed, false)))
      .innerJoin(groups, eq(groups.id, memberships.group_id))
      .where(and(eq(members.fb_user_id, users.fb_user_id), condition)),
  );
}

const ROLE_CONDITIONS: Record<Exclude<SupervisorUserRole, 'any'>, SQL> = {
  regular: and(eq(users.is_supervisor, false), eq(users.is_banned, false))!,
  supervisor: eq(users.is_supervisor, true),
  banned: eq(users.is_banned, true),
};

/** Holding (or not) a group whose flag is set. */
function holdingFlagged(db: AppDb, flag: typeof groups.is_orphaned | typeof groups.is_locked, wanted: boolean | undefined): SQL | undefined {
  if (wanted === undefined) return undefined;
  const holds = holdsGroupWhere(db, eq(flag, true));
  return wanted ? holds : not(holds);
}

/** A page of every user, sorted in SQL (name on (name, id)), ties broken by id. */
export async function readSupervisorUsers(db: AppDb, query: SupervisorUserQuery, page: number, perPage: number) {
  const pattern = query.search ? containsPattern(query.search) : undefined;
  const matching = and(
    pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern), ilike(users.fb_user_id, pattern), ilike(users.fb_username, pattern)) : undefined,
    query.memberId === undefined
      ? undefined
      : inArray(users.fb_user_id, db.select({ fb_user_id: members.fb_user_id }).from(members).where(eq(members.id, query.memberId))),
    query.role === 'any' ? undefined : ROLE_CONDITIONS[query.role],
    query.plans && query.plans.length > 0 ? holdsGroupWhere(db, inArray(groups.subscribed_plan, query.plans)) : undefined,
    holdingFlagged(db, groups.is_orphaned, query.orphaned),
    holdingFlagged(db, groups.is_locked, query.locked),
  );
  const direction = query.sortDirection === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(matching)
      .orderBy(direction(users[query.sortBy]), direction(users.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(users).where(matching),
  ]);
  return { rows, count: total!.n };
}

/**
 * A user as the supervisor's profile shows them (part 2 §2): the member with their fb_user_id, if
 * any, and that member's groups. Undefined when there is no such user.
 */
export async function readSupervisorUserProfile(db: AppDb, userId: number) {
  const user = await findUser(db, userId);
  if (!user) return undefined;
  const member = await findLinkedMember(db, user.fb_user_id);
  return { user, member, memberships: member ? await readMembershipDetails(db, member.id) : [] };
}

/** The fields a supervisor may change on a user; only those present change. */
export interface SupervisorUserPatch {
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
  fb_username?: string | null;
  fb_user_id?: string | null;
  is_supervisor?: boolean;
  is_banned?: boolean;
  flags?: UserFlagsPatch;
}

export interface SupervisorUserEdit {
  targetUserId: number;
  patch: SupervisorUserPatch;
  /** The supervisor. */
  userId: number;
  ip: string;
  at: Date;
}

export type SupervisorUserRefusal = 'not_found' | 'self' | 'email_taken' | 'fb_user_id_taken';

const PLAIN_USER_FIELDS = ['first_name', 'last_name', 'fb_username', 'fb_user_id', 'is_supervisor', 'is_banned'] as const satisfies ReadonlyArray<
  keyof SupervisorUserPatch & keyof UserRow
>;

/** The flags the patch would change, with the values it sends. */
function changedFlags(stored: UserRow['flags'], patch: UserFlagsPatch): UserFlagsPatch {
  const current = effectiveUserFlags(stored) as Record<string, unknown>;
  const changed: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(patch)) {
    if (JSON.stringify(current[name] ?? null) !== JSON.stringify(value ?? null)) changed[name] = value;
  }
  return changed as UserFlagsPatch;
}

/**
 * Changes the fields sent, with the user row locked, and audits the change (supervisor_edit, each
 * changed field to [old, new], the flags as flags.{name}, the edited user as data.target_user_id)
 * in the same transaction. Refused: a supervisor taking away their own supervisor rights or banning
 * themself ('self'), an email another user has, compared without case ('email_taken', user-email.ts),
 * an fb_user_id another user has ('fb_user_id_taken'). A change that changes nothing writes nothing.
 */
export async function editSupervisorUser(db: AppDb, edit: SupervisorUserEdit): Promise<{ user: UserRow } | { refused: SupervisorUserRefusal }> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, edit.targetUserId)).for('update');
    if (!user) return { refused: 'not_found' };
    const { patch } = edit;
    if (user.id === edit.userId && (patch.is_supervisor === false || patch.is_banned === true)) return { refused: 'self' };

    const diff: FieldDiff = {};
    const changes: Partial<typeof users.$inferInsert> = {};
    for (const field of PLAIN_USER_FIELDS) {
      if (!(field in patch)) continue;
      noteChange(diff, field, user[field], patch[field]);
      if (field in diff) Object.assign(changes, { [field]: patch[field] });
    }
    if (changes.fb_user_id) {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`fb_user_id:${changes.fb_user_id}`}))`);
      const [holder] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.fb_user_id, changes.fb_user_id), ne(users.id, user.id)))
        .limit(1);
      if (holder) return { refused: 'fb_user_id_taken' };
    }

    if (patch.email !== undefined) noteChange(diff, 'email', user.email, patch.email);
    if ('email' in diff) {
      if (patch.email === null) changes.email = null;
      else if ((await changeUserEmail(tx, user.id, patch.email!, edit.at)) === 'taken') return { refused: 'email_taken' };
    }

    const flags = changedFlags(user.flags, patch.flags ?? {});
    if (Object.keys(flags).length > 0) {
      const before = effectiveUserFlags(user.flags) as Record<string, unknown>;
      const outcome = await changeUserFlags(tx, { userId: user.id, isSupervisor: true }, flags, edit.at);
      if (!('flags' in outcome)) throw new Error('a supervisor may change every flag');
      const after = outcome.flags as Record<string, unknown>;
      for (const name of Object.keys(flags)) noteChange(diff, `flags.${name}`, before[name], after[name]);
    }
    if (Object.keys(diff).length === 0) return { user };

    const [updated] = await tx
      .update(users)
      .set({ ...changes, updated_at: edit.at })
      .where(eq(users.id, user.id))
      .returning();
    await recordSupervisorEdit(tx, { userId: edit.userId, diff, ip: edit.ip, at: edit.at, about: { target_user_id: user.id } });
    return { user: updated! };
  });
}
