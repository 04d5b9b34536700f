import type { AppDb } from '../../../server/db/connect';
import { groups, members, memberships, sessions, users } from '../../../server/db/schema';
import { generateToken, hashToken } from '../../../server/domain/tokens';
import { SPEC_SYNC_LIMITS_BY_PLAN } from '../../support/spec-numbers';

export const ROLES = ['anonymous', 'banned', 'subscriber', 'otherGroupAdmin', 'groupAdmin', 'supervisor'] as const;
export type Role = (typeof ROLES)[number];

export interface RoleWorld {
  tokens: Record<Role, string | undefined>;
  userIds: Record<Exclude<Role, 'anonymous'>, number>;
  group: { id: number; fb_group_id: string };
  otherGroup: { id: number; fb_group_id: string };
  memberId: number;
}

interface PersonSpec {
  role: Exclude<Role, 'anonymous'>;
  fbUserId: string;
  isSupervisor?: boolean;
  isBanned?: boolean;
  /** Which group the person holds (admin holder) or only belongs to (subscriber). */
  in?: { group: 'group' | 'otherGroup'; role: 'admin' | 'subscriber'; holder: boolean };
}

/**
 * Two groups and one person per role. The banned user holds the group too, so a 403 proves the
 * ban is checked, not the membership; the supervisor holds nothing, so group calls stay hidden.
 */
const PEOPLE: PersonSpec[] = [
  { role: 'banned', fbUserId: '9100001', isBanned: true, in: { group: 'group', role: 'admin', holder: true } },
  { role: 'subscriber', fbUserId: '9100002', in: { group: 'group', role: 'subscriber', holder: false } },
  { role: 'otherGroupAdmin', fbUserId: '9100003', in: { group: 'otherGroup', role: 'admin', holder: true } },
  { role: 'groupAdmin', fbUserId: '9100004', in: { group: 'group', role: 'admin', holder: true } },
  { role: 'supervisor', fbUserId: '9100005', isSupervisor: true },
];

/** Another session for a role's user, so a call that ends its session (sign-out) leaves the role world's tokens alone. */
export async function openRoleSession(db: AppDb, world: RoleWorld, role: Role): Promise<string | undefined> {
  if (role === 'anonymous') return undefined;
  const token = generateToken();
  await db.insert(sessions).values({ user_id: world.userIds[role], token_hash: hashToken(token) });
  return token;
}

export async function createRoleWorld(db: AppDb): Promise<RoleWorld> {
  return db.transaction(async (tx) => {
    const [group, otherGroup] = await tx
      .insert(groups)
      .values([
        { fb_group_id: '8100001', fb_slug: 'the-group', name: 'The Group', subscribed_plan: 'annual', limits: SPEC_SYNC_LIMITS_BY_PLAN.annual },
        { fb_group_id: '8100002', fb_slug: 'another-group', name: 'Another Group', subscribed_plan: 'monthly', limits: SPEC_SYNC_LIMITS_BY_PLAN.monthly },
      ])
      .returning({ id: groups.id, fb_group_id: groups.fb_group_id });
    const groupIds = { group: group.id, otherGroup: otherGroup.id };
    const tokens = { anonymous: undefined } as RoleWorld['tokens'];
    const userIds = {} as RoleWorld['userIds'];
    let memberId = 0;
    for (const person of PEOPLE) {
      const name = `Test ${person.role}`;
      const [user] = await tx
        .insert(users)
        .values({ name, fb_user_id: person.fbUserId, is_supervisor: person.isSupervisor ?? false, is_banned: person.isBanned ?? false })
        .returning({ id: users.id });
      userIds[person.role] = user.id;
      const token = generateToken();
      await tx.insert(sessions).values({ user_id: user.id, token_hash: hashToken(token) });
      tokens[person.role] = token;
      const [member] = await tx.insert(members).values({ fb_user_id: person.fbUserId, name }).returning({ id: members.id });
      if (person.role === 'groupAdmin') memberId = member.id;
      if (person.in) {
        await tx.insert(memberships).values({
          group_id: groupIds[person.in.group],
          member_id: member.id,
          member_name: name,
          role: person.in.role,
          is_admin_holder: person.in.holder,
        });
      }
    }
    return { tokens, userIds, group, otherGroup, memberId };
  });
}
