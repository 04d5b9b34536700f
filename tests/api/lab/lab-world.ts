import { asc, eq } from 'drizzle-orm';
import type { AppDb } from '../../../server/db/connect';
import { audit_logs, groups, members, memberships, sessions, users } from '../../../server/db/schema';
import { generateToken, hashToken } from '../../../server/domain/tokens';
import type { SubscribedPlan } from '../../../rules/plans';
import { apiAs, type CallResult } from '../support/robot-client';
import { SPEC_SYNC_LIMITS_BY_PLAN } from '../../support/spec-numbers';

/** The lab's clock in these tests: Wednesday 11 March 2026, so this week began on Monday the 9th. */
export const NOW = new Date('2026-03-11T10:00:00.000Z');

let made = 0;

/** A user of their own with a session: their id, token and the network person who is them. */
export async function labUser(db: AppDb, options: { isSupervisor?: boolean; name?: string } = {}) {
  made += 1;
  const fbUserId = `96${String(made).padStart(5, '0')}`;
  const name = options.name ?? `Lab User ${made}`;
  const [user] = await db
    .insert(users)
    .values({ name, fb_user_id: fbUserId, fb_username: `lab.user.${made}`, is_supervisor: options.isSupervisor ?? false })
    .returning({ id: users.id });
  const token = generateToken();
  await db.insert(sessions).values({ user_id: user!.id, token_hash: hashToken(token) });
  const [member] = await db.insert(members).values({ fb_user_id: fbUserId, name }).returning({ id: members.id });
  return { userId: user!.id, token, memberId: member!.id, fbUserId, name };
}

export type LabUser = Awaited<ReturnType<typeof labUser>>;

/**
 * A group of its own for one test: held by a new admin user (signed in), with `subscribers`
 * members who hold nothing.
 */
export async function labGroup(db: AppDb, options: { plan?: SubscribedPlan; subscribers?: number } = {}) {
  made += 1;
  const plan = options.plan ?? 'annual';
  const [group] = await db
    .insert(groups)
    .values({ fb_group_id: `87${String(made).padStart(5, '0')}`, name: `Lab Group ${made}`, subscribed_plan: plan, limits: SPEC_SYNC_LIMITS_BY_PLAN[plan] })
    .returning({ id: groups.id });
  const admin = await labUser(db);
  await db.insert(memberships).values({ group_id: group!.id, member_id: admin.memberId, member_name: admin.name, role: 'admin', is_admin_holder: true });
  const subscriberIds: number[] = [];
  for (let i = 0; i < (options.subscribers ?? 0); i += 1) {
    made += 1;
    const [member] = await db
      .insert(members)
      .values({ fb_user_id: `97${String(made).padStart(5, '0')}`, name: `Lab Member ${made}` })
      .returning({ id: members.id });
    await db.insert(memberships).values({ group_id: group!.id, member_id: member!.id, member_name: `Lab Member ${made}` });
    subscriberIds.push(member!.id);
  }
  return { groupId: group!.id, admin, subscriberIds };
}

export type LabGroup = Awaited<ReturnType<typeof labGroup>>;

/** Calls POST /lab/{name} as the supervisor, the answer checked against the contract. */
export function labCaller(app: Parameters<typeof apiAs>[0], token: string) {
  const call = apiAs(app, token);
  return (name: string, payload: Record<string, unknown>): Promise<CallResult> => call('POST', `/lab/${name}`, { payload });
}

/** The lab_action audit records, oldest first. */
export async function labAudits(db: AppDb) {
  return db.select().from(audit_logs).where(eq(audit_logs.kind, 'lab_action')).orderBy(asc(audit_logs.id));
}
