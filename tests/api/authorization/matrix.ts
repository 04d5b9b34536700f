import type { FastifyInstance } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppDb } from '../../../server/db/connect';
import type { RobotJobName } from '../../../server/db/enums';
import { DEFAULT_GROUP_SCHEDULE } from '../../../server/db/group-defaults';
import { payment_accounts, users } from '../../../server/db/schema';
import type { AccessPolicy } from '../../../server/http/contract';
import { openRoleSession, type Role, type RoleWorld } from '../support/roles';
import { LAB_ROWS } from './matrix-lab';
import { SUPERVISOR_ROWS } from './matrix-supervisor';
import { sandboxToken } from '../support/sandbox-session';
import {
  customerPairIn,
  groupMemberIn,
  heldDepartureIn,
  matchIn,
  memberGroupOf,
  movedMemberIn,
  ownRobotJob,
  tenantConnection,
  tenantJob,
  tenantMove,
  unheldGroupOf,
  type OtherTenant,
} from './role-fixtures';

/**
 * A group that is not the role's for member reads, for the calls that name a group in their query:
 * one where their user is only a scanned admin (not a holder), or for a supervisor, who may read
 * any group, one that does not exist. Every allowed role then hears 404.
 */
async function foreignGroupOf(world: RoleWorld, { db, role }: { db: AppDb; role: Role }): Promise<number> {
  return role === 'supervisor' ? 2147483647 : unheldGroupOf(db, world, role);
}

const TRACKER = 'https://tracker.example/pixel.gif';

/** The other tenant's people as a report would rename them, every shared field changed. */
function renamedPeople(tenant: OtherTenant) {
  return [tenant.holder, ...tenant.members].map((person) => ({
    fb_user_id: person.fb_user_id,
    name: `${person.name} Renamed`,
    avatar_url: 'https://scontent.xx.fbcdn.net/renamed.jpg',
    bio: 'renamed',
    is_banned: true,
    role: 'admin' as const,
  }));
}

/** A job of the other tenant's group in the path: nobody else's to report on. */
const tenantJobPath = (name: RobotJobName, body?: (tenant: OtherTenant) => unknown): CrossTenantCase => ({
  what: `another tenant's ${name} job`,
  status: 404,
  request: async (_world, { db, tenant }) => ({ path: { job_id: await tenantJob(db, tenant, name) }, ...(body ? { body: body(tenant) } : {}) }),
});

/** The group in the path is another tenant's: the access check hides it. */
function anotherTenantsGroup(status: number): CrossTenantCase {
  return { what: "another tenant's group", status, request: (_world, { tenant }) => ({ path: { id: tenant.group.id } }) };
}

/** A card token of the sandbox's card form, for the calls that save a card. */
async function sandboxCardToken(app: FastifyInstance): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/sandbox/payments/card_tokens',
    payload: { number: '4242424242424242', exp_month: 12, exp_year: 2099, cvc: '123' },
  });
  return response.json().token;
}

/** The group's payment account, connecting or connected (made once), and its state for the sandbox Connect page. */
async function connectingAccount(db: AppDb, groupId: number): Promise<string> {
  const state = `sandbox_acct_matrix_${groupId}`;
  await db.insert(payment_accounts).values({ group_id: groupId, onboarding: 'started', external_account_id: state }).onConflictDoNothing();
  const [account] = await db.select({ state: payment_accounts.external_account_id }).from(payment_accounts).where(eq(payment_accounts.group_id, groupId));
  return account!.state!;
}

/** A companion token the group admin minted from a session of their own that then signed out. */
async function signedOutCompanionToken(app: FastifyInstance, db: AppDb, world: RoleWorld): Promise<string> {
  const authorization = `Bearer ${await openRoleSession(db, world, 'groupAdmin')}`;
  const minted = await app.inject({ method: 'POST', url: '/api/v1/session/companion_token', headers: { authorization } });
  const signedOut = await app.inject({ method: 'DELETE', url: '/api/v1/session', headers: { authorization } });
  if (minted.statusCode !== 201 || signedOut.statusCode !== 204) throw new Error(`the fixture's token was not minted and signed out: ${minted.body} ${signedOut.body}`);
  return minted.json().token;
}

export interface RequestOverrides {
  path?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/**
 * A call of an allowed role naming another tenant's records (in the body, or a job in the path):
 * the answer is `status` for every role allowed to call (expectedStatus), and nothing of the other
 * tenant changes (snapshotTenant): not even a membership of the caller's own.
 */
export interface CrossTenantCase {
  what: string;
  status: number;
  request: (world: RoleWorld, call: { app: FastifyInstance; db: AppDb; role: Role; tenant: OtherTenant }) => RequestOverrides | Promise<RequestOverrides>;
}

/** Why a write names no other tenant's records: nothing in its request can. */
export type NoTenantIds = { none: string };

/** A suggestion of another tenant's payment account, named beside one of the caller's own. */
const tenantMatch: CrossTenantCase = {
  what: "another tenant's match",
  status: 404,
  request: async (world, { db, tenant }) => ({ body: { match_ids: [await matchIn(db, world, 'suggested'), (await tenantConnection(db, tenant)).matchId] } }),
};

export interface MatrixRow {
  /** Who may call it; must equal the contract's x-access, so a policy change is a visible change here. */
  access: AccessPolicy;
  /** Present once the operation is built: what an allowed caller gets, and any input the generated sample lacks (asked per role). */
  built?: {
    status: number;
    request?: (world: RoleWorld, call: { app: FastifyInstance; db: AppDb; role: Role }) => RequestOverrides | Promise<RequestOverrides>;
    /** Every built write (any method but GET) says what another tenant's ids in its request do, or why it can name none. */
    crossTenant?: CrossTenantCase[] | NoTenantIds;
    /**
     * What a call may take away that later calls rely on. 'named': it removes or reshapes the
     * records its request names (a user, a membership, a group's plan or lock), so `request` names
     * records made for the call, and the fuzzer sends it after the others, naming records made for
     * it. 'all': it removes records it does not name (every user, group or member), so the matrix
     * calls it in a role world of its own, and the fuzzer last of all.
     */
    destructive?: 'named' | 'all';
  };
}

/**
 * The role's user joined to the referral programme, so that each allowed role gets the same answer
 * whatever its groups: enabling again is 409, the balance is there.
 */
async function joinedAffiliate(world: RoleWorld, { db, role }: { db: AppDb; role: Role }): Promise<RequestOverrides> {
  if (role !== 'anonymous') {
    await db
      .update(users)
      .set({ tapfiliate_id: `matrix-${role}` })
      .where(and(eq(users.id, world.userIds[role]), isNull(users.tapfiliate_id)));
  }
  return {};
}

/** Confirming or dismissing the departures a members scan held: the caller's own held scan, or another tenant's scan named in the body. */
const decidingHeldDepartures: MatrixRow = {
  access: 'groupAdmin',
  built: {
    status: 200,
    request: async (world, { db }) => ({ body: { job_id: await heldDepartureIn(db, world) } }),
    crossTenant: [
      {
        what: "another tenant's members scan",
        status: 409,
        request: async (_world, { db, tenant }) => ({ body: { job_id: await tenantJob(db, tenant, 'fetch_group_members') } }),
      },
    ],
  },
};

/**
 * Every operation of the contract against every role. The expected answer for each role follows
 * from `access` (see expectedStatus); an operation that is not built answers 501 where the
 * caller is allowed. The test fails when the contract has an operation this table lacks.
 */
export const AUTHORIZATION_MATRIX: Record<string, MatrixRow> = {
  // status
  getStatus: { access: 'public', built: { status: 200 } },

  // session
  getSession: { access: 'session', built: { status: 200 } },
  createSession: {
    access: 'public',
    built: {
      status: 200,
      request: async (_world, { app }) => ({ body: { facebook_token: await sandboxToken(app, 'ada') } }),
      crossTenant: { none: 'a sign-in token names only the user signing in' },
    },
  },
  deleteSession: { access: 'session', built: { status: 204, crossTenant: { none: "ends the caller's own session" } } },
  switchSession: {
    access: 'supervisor',
    built: {
      status: 200,
      request: (world) => ({ body: { user_id: world.userIds.groupAdmin } }),
      crossTenant: { none: 'acting as any user is the supervisor’s staff power' },
    },
  },
  // No role's session is a switched one, so every allowed caller hears 409 not_switched.
  endSwitchedSession: { access: 'session', built: { status: 409, crossTenant: { none: "ends the caller's own switched session" } } },

  // users
  updateUserEmail: {
    access: 'user',
    built: {
      status: 200,
      request: (_world, { role }) => ({ body: { email: `${role.toLowerCase()}@example.com` } }),
      crossTenant: { none: "the caller's own email" },
    },
  },

  // groups
  listGroups: { access: 'user', built: { status: 200 } },
  // Only a member of the group hears who holds it: each role asks about a group they are in (tests/api/onboarding).
  getGroupOwners: { access: 'user', built: { status: 200, request: async (world, { db, role }) => ({ query: { fb_group_id: await memberGroupOf(db, world, role) } }) } },
  acquireGroup: {
    access: 'user',
    built: {
      status: 200,
      request: async (world, { db, role }) => ({ body: { id: await unheldGroupOf(db, world, role) } }),
      crossTenant: [{ what: "another tenant's group", status: 409, request: (_world, { tenant }) => ({ body: { id: tenant.group.id } }) }],
    },
  },
  getGroup: { access: 'groupAdmin', built: { status: 200 } },

  // members
  listGroupMembers: { access: 'groupAdmin', built: { status: 200 } },
  exportGroupMembers: { access: 'groupAdmin', built: { status: 200 } },
  previewMemberRemoval: {
    access: 'groupAdmin',
    built: {
      status: 200,
      request: async (world, { db }) => ({ body: { ids: [await groupMemberIn(db, world, 'inactive')] } }),
      // A read: another group's members are simply not among the group's.
      crossTenant: [{ what: "another tenant's members", status: 200, request: (_world, { tenant }) => ({ body: { ids: tenant.members.map((member) => member.id) } }) }],
    },
  },
  setMembersWhitelisted: {
    access: 'groupAdmin',
    built: {
      status: 200,
      request: async (world, { db }) => ({ body: { is_whitelisted: true, ids: [await groupMemberIn(db, world, 'inactive')] } }),
      crossTenant: [true, false].map((isWhitelisted) => ({
        what: `another tenant's members, is_whitelisted ${isWhitelisted}`,
        status: 404,
        request: (_world, { tenant }) => ({ body: { is_whitelisted: isWhitelisted, ids: [tenant.holder, ...tenant.members].map((member) => member.id) } }),
      })),
    },
  },
  setMembersRemoved: {
    access: 'groupAdmin',
    built: {
      status: 200,
      request: async (world, { db }) => ({ body: { is_removed: true, ids: [await groupMemberIn(db, world, 'inactive')] } }),
      crossTenant: [true, false].map((isRemoved) => ({
        what: `another tenant's members, is_removed ${isRemoved}`,
        status: 404,
        request: (_world, { tenant }) => ({ body: { is_removed: isRemoved, ids: [tenant.holder, ...tenant.members].map((member) => member.id) } }),
      })),
    },
  },
  undoMembersMove: {
    access: 'groupAdmin',
    built: {
      status: 200,
      request: async (world, { db, role }) => ({ path: { move_id: await movedMemberIn(db, world, role) } }),
      crossTenant: [
        {
          what: "another tenant's move",
          status: 404,
          request: async (_world, { db, tenant }) => ({ path: { move_id: await tenantMove(db, tenant) } }),
        },
      ],
    },
  },
  getHeldDepartures: { access: 'groupAdmin', built: { status: 200 } },
  confirmHeldDepartures: decidingHeldDepartures,
  dismissHeldDepartures: decidingHeldDepartures,
  lookupMembers: { access: 'user', built: { status: 404, request: async (world, call) => ({ query: { group_id: await foreignGroupOf(world, call) } }) } },

  // posts
  listGroupPosts: { access: 'groupAdmin', built: { status: 200 } },

  // auditLogs
  listGroupAuditLogs: { access: 'groupAdmin', built: { status: 200 } },

  // charts
  getGroupChart: { access: 'groupAdmin', built: { status: 200 } },

  // flags
  getUserFlags: { access: 'user', built: { status: 200 } },
  updateUserFlags: { access: 'user', built: { status: 200, crossTenant: { none: "the caller's own flags" } } },
  getGroupFlags: { access: 'groupAdmin', built: { status: 200 } },
  updateGroupFlags: { access: 'groupAdmin', built: { status: 200, crossTenant: { none: 'flags of the group in the path, which the access check makes the caller’s' } } },

  // settings
  getUserSettings: { access: 'user', built: { status: 200 } },
  updateUserSettings: {
    access: 'user',
    built: { status: 200, request: () => ({ body: { settings: { members_per_page: 50 } } }), crossTenant: { none: "the caller's own settings" } },
  },
  getGroupSettings: { access: 'groupAdmin', built: { status: 200 } },
  updateGroupSettings: {
    access: 'groupAdmin',
    built: {
      status: 200,
      request: () => ({ body: { settings: { engagement_sync_days_back: 30 } } }),
      crossTenant: { none: 'settings of the group in the path, which the access check makes the caller’s' },
    },
  },
  getGroupSchedule: { access: 'groupAdmin', built: { status: 200 } },
  // The role world's group is on the annual plan, so it may schedule.
  updateGroupSchedule: {
    access: 'groupAdmin',
    built: {
      status: 200,
      request: () => ({ body: { config: { fetch_group_members: { ...DEFAULT_GROUP_SCHEDULE.fetch_group_members, enabled: true } } } }),
      crossTenant: { none: 'the schedule of the group in the path, which the access check makes the caller’s' },
    },
  },

  // autocomplete
  autocompleteUsers: { access: 'supervisor', built: { status: 200 } },
  autocompleteMembers: {
    access: 'user',
    built: { status: 404, request: async (world, call) => ({ query: { group_id: await foreignGroupOf(world, call), search: 'Test' } }) },
  },
  autocompleteGroups: { access: 'user', built: { status: 200 } },

  // subscriptions
  // The role world's group is on the annual plan: it has nothing to buy and nothing to upgrade
  // (tests/api/subscriptions covers the purchases and upgrades that go through).
  upgradeSubscription: { access: 'groupAdmin', built: { status: 409, crossTenant: [anotherTenantsGroup(404)] } },
  createSubscription: {
    access: 'groupAdmin',
    built: { status: 409, request: () => ({ body: { plan: 'annual' } }), crossTenant: [anotherTenantsGroup(404)] },
  },
  updateSubscriptionSource: {
    access: 'groupAdmin',
    built: {
      status: 200,
      request: async (_world, { app }) => ({ body: { token: await sandboxCardToken(app) } }),
      crossTenant: [anotherTenantsGroup(404)],
    },
  },
  // Live mode only: the role world's server runs the sandbox.
  receivePaymentWebhook: {
    access: 'public',
    built: { status: 404, crossTenant: { none: "the provider's signed events name its subscriptions, never the caller's records" } },
  },

  // affiliates
  getAffiliate: { access: 'user', built: { status: 200 } },
  enableAffiliate: {
    access: 'user',
    built: { status: 409, request: joinedAffiliate, crossTenant: { none: "the email is the only input; another user's email is refused and nothing is written" } },
  },
  getAffiliateBalance: { access: 'user', built: { status: 200, request: joinedAffiliate } },

  // companion
  createCompanionToken: { access: 'user', built: { status: 201, crossTenant: { none: 'a token is issued to the caller alone and names no record' } } },
  // A token minted by a session that has signed out since: it ended with that session.
  redeemCompanionToken: {
    access: 'public',
    built: {
      status: 404,
      request: async (world, { app, db }) => ({ body: { token: await signedOutCompanionToken(app, db, world) } }),
      crossTenant: { none: 'a token that was never issued names no one; an issued one names only its own user' },
    },
  },

  // support
  createSupportTicket: { access: 'user', built: { status: 201, crossTenant: { none: 'a message to support names no record' } } },

  // permissions
  listGroupPermissions: { access: 'groupAdmin', built: { status: 200 } },
  setGroupPermission: {
    access: 'groupAdmin',
    built: {
      status: 200,
      request: async (world, { db }) => ({ body: { member_id: await groupMemberIn(db, world, 'inactive'), role: 'admin' } }),
      crossTenant: [
        anotherTenantsGroup(404),
        ...(['admin', 'subscriber'] as const).map((role) => ({
          what: `another tenant's member, role ${role}`,
          status: 404,
          request: (_world: RoleWorld, { tenant }: { tenant: OtherTenant }) => ({ body: { member_id: tenant.members[0]!.id, role } }),
        })),
        {
          what: "another tenant's holder, role subscriber",
          status: 404,
          request: (_world, { tenant }) => ({ body: { member_id: tenant.holder.id, role: 'subscriber' } }),
        },
      ],
    },
  },

  // paymentAccount
  getPaymentAccount: { access: 'groupAdmin', built: { status: 200 } },
  connectPaymentAccount: { access: 'groupAdmin', built: { status: 200, crossTenant: [anotherTenantsGroup(404)] } },
  deletePaymentAccount: {
    access: 'groupAdmin',
    built: {
      status: 204,
      request: async (world, { db }) => {
        await connectingAccount(db, world.group.id);
        return {};
      },
      crossTenant: [anotherTenantsGroup(404)],
    },
  },
  listAccountCustomers: {
    access: 'groupAdmin',
    built: {
      status: 200,
      // A customer of the group's connected account, so the tabs have something to list.
      request: async (world, { db }) => {
        await customerPairIn(db, world, false);
        return {};
      },
    },
  },
  updateAccountCustomer: {
    access: 'groupAdmin',
    built: {
      status: 200,
      request: async (world, { db }) => ({ body: await customerPairIn(db, world, false) }),
      crossTenant: [
        {
          what: "another tenant's customer",
          status: 404,
          request: async (world, { db, tenant }) => ({
            body: { customer_id: (await tenantConnection(db, tenant)).link.customer_id, member_id: (await customerPairIn(db, world, false)).member_id },
          }),
        },
        {
          what: "another tenant's member",
          status: 404,
          request: async (world, { db, tenant }) => ({ body: { customer_id: (await customerPairIn(db, world, false)).customer_id, member_id: tenant.members[2]!.id } }),
        },
      ],
    },
  },

  // matches
  linkAccountCustomers: {
    access: 'groupAdmin',
    built: {
      status: 200,
      request: async (world, { db }) => ({ body: { link_items: [await customerPairIn(db, world, false)] } }),
      crossTenant: [
        {
          what: "another tenant's customer and member",
          status: 404,
          request: async (_world, { db, tenant }) => {
            await tenantConnection(db, tenant);
            return { body: { link_items: [{ member_id: tenant.members[1]!.id, customer_id: 'cus_tenant_open' }] } };
          },
        },
      ],
    },
  },
  unlinkAccountCustomers: {
    access: 'groupAdmin',
    built: {
      status: 200,
      request: async (world, { db }) => ({ body: { link_items: [await customerPairIn(db, world, true)] } }),
      crossTenant: [
        {
          what: "another tenant's link",
          status: 404,
          request: async (_world, { db, tenant }) => ({ body: { link_items: [(await tenantConnection(db, tenant)).link] } }),
        },
      ],
    },
  },
  rejectMatches: {
    access: 'groupAdmin',
    built: {
      status: 200,
      request: async (world, { db }) => ({ body: { match_ids: [await matchIn(db, world, 'suggested')] } }),
      crossTenant: [tenantMatch],
    },
  },
  restoreMatches: {
    access: 'groupAdmin',
    built: {
      status: 200,
      request: async (world, { db }) => ({ body: { match_ids: [await matchIn(db, world, 'rejected')] } }),
      crossTenant: [tenantMatch],
    },
  },

  // robot
  ingestUserGroups: {
    access: 'user',
    built: {
      status: 200,
      // The group and its member list are left as they are: the report is kept as the caller's own.
      crossTenant: [
        {
          what: "another tenant's group, renamed, with a tracking avatar",
          status: 200,
          request: (_world, { tenant }) => ({
            body: { groups: [{ fb_group_id: tenant.group.fb_group_id, fb_slug: 'hijacked', name: 'Hijacked', avatar_url: TRACKER, role: 'admin' }] },
          }),
        },
      ],
    },
  },
  ingestGroupOwners: {
    access: 'user',
    built: {
      status: 200,
      // The owners scan of a group nobody holds, in which the role's user is a scanned admin.
      request: async (world, { db, role }) => ({ path: { id: await unheldGroupOf(db, world, role) } }),
      crossTenant: [
        {
          what: "another tenant's group the caller reported, its people named admins",
          status: 409,
          request: async (world, { app, role, tenant }) => {
            const token = world.tokens[role];
            if (token) {
              await app.inject({
                method: 'POST',
                url: '/api/v1/robot/user_groups',
                headers: { authorization: `Bearer ${token}` },
                payload: { groups: [{ fb_group_id: tenant.group.fb_group_id, name: 'Tenant Group', role: 'admin' }] },
              });
            }
            const admins = renamedPeople(tenant).map(({ fb_user_id, name, avatar_url, role }) => ({ fb_user_id, name, avatar_url, role }));
            return { path: { id: tenant.group.id }, body: { admins } };
          },
        },
      ],
    },
  },
  startRobotJob: {
    access: 'groupAdmin',
    built: {
      status: 201,
      request: (world) => ({ body: { name: 'fetch_group_posts', args: { id: world.group.id } } }),
      crossTenant: [
        {
          what: "another tenant's members to remove",
          status: 409,
          request: (world, { tenant }) => ({ body: { name: 'remove_group_members', args: { id: world.group.id, members: [tenant.holder, ...tenant.members] } } }),
        },
        {
          what: "another tenant's group as args.id",
          status: 400,
          request: (_world, { tenant }) => ({ body: { name: 'fetch_group_members', args: { id: tenant.group.id } } }),
        },
      ],
    },
  },
  getRobotJobs: { access: 'user', built: { status: 200 } },
  reportRobotJobProgress: {
    access: 'user',
    built: {
      status: 200,
      request: async (world, { db, role }) => ({ path: { job_id: await ownRobotJob(db, world, role, 'fetch_group_members') } }),
      crossTenant: [tenantJobPath('fetch_group_members')],
    },
  },
  finishRobotJob: {
    access: 'user',
    built: {
      status: 200,
      request: async (world, { db, role }) => ({ path: { job_id: await ownRobotJob(db, world, role, 'fetch_group_members') } }),
      crossTenant: [tenantJobPath('fetch_group_members'), tenantJobPath('remove_group_members')],
    },
  },
  ingestJobMembers: {
    access: 'user',
    built: {
      status: 200,
      request: async (world, { db, role }) => ({ path: { job_id: await ownRobotJob(db, world, role, 'fetch_group_members') } }),
      crossTenant: [
        {
          what: "another tenant's people in a batch of the caller's own job",
          status: 200,
          request: async (world, { db, role, tenant }) => ({
            path: { job_id: await ownRobotJob(db, world, role, 'fetch_group_members') },
            body: { batch_no: 0, members: renamedPeople(tenant) },
          }),
        },
        tenantJobPath('fetch_group_members', (tenant) => ({ batch_no: 0, members: renamedPeople(tenant) })),
      ],
    },
  },
  ingestJobPosts: {
    access: 'user',
    built: {
      status: 200,
      request: async (world, { db, role }) => ({ path: { job_id: await ownRobotJob(db, world, role, 'fetch_group_posts') } }),
      crossTenant: [
        {
          what: "another tenant's post id, author, reactions and comments in a batch of the caller's own job",
          status: 200,
          request: async (world, { db, role, tenant }) => {
            const [author, ...others] = renamedPeople(tenant);
            const post = {
              fb_post_id: tenant.fbPostId,
              posted_at: '2026-01-01T00:00:00.000Z',
              text: 'Hijacked',
              picture: TRACKER,
              author: { fb_user_id: author!.fb_user_id, name: author!.name, avatar_url: author!.avatar_url },
              reactions: others.map((person) => ({ fb_user_id: person.fb_user_id, name: person.name, kind: 'like' })),
              comments: others.map((person, i) => ({
                fb_comment_id: `890000${i}`,
                fb_user_id: person.fb_user_id,
                name: person.name,
                commented_at: '2026-01-01T01:00:00.000Z',
              })),
            };
            return { path: { job_id: await ownRobotJob(db, world, role, 'fetch_group_posts') }, body: { batch_no: 0, posts: [post] } };
          },
        },
        tenantJobPath('fetch_group_posts'),
      ],
    },
  },
  ingestJobRemovals: {
    access: 'user',
    built: {
      status: 200,
      request: async (world, { db, role }) => ({ path: { job_id: await ownRobotJob(db, world, role, 'remove_group_members') } }),
      crossTenant: [
        {
          what: "another tenant's people reported removed by the caller's own removal job",
          status: 200,
          request: async (world, { db, role, tenant }) => ({
            path: { job_id: await ownRobotJob(db, world, role, 'remove_group_members') },
            body: { batch_no: 0, fb_user_ids: [tenant.holder, ...tenant.members].map((person) => person.fb_user_id) },
          }),
        },
        tenantJobPath('remove_group_members', (tenant) => ({ batch_no: 0, fb_user_ids: [tenant.members[0]!.fb_user_id] })),
      ],
    },
  },
  ingestRobotLogs: {
    access: 'user',
    built: {
      status: 202,
      // Log lines are the caller's own (the supervisor's robot-log screens); naming a group writes nothing of it.
      crossTenant: [
        {
          what: "another tenant's group named in a log line",
          status: 202,
          request: (_world, { tenant }) => ({
            body: { logs: [{ level: 'debug', message: 'scan', exec_id: 'cross-tenant', robot_version: '2.4.0', group_id: tenant.group.id }] },
          }),
        },
      ],
    },
  },

  // supervisor
  ...SUPERVISOR_ROWS,

  // lab
  ...LAB_ROWS,
  labSetToggle: { access: 'supervisor', built: { status: 200, crossTenant: { none: "a lab toggle of the supervisor's, not a group's" } } },

  // sandbox
  listSandboxAccounts: { access: 'sandbox', built: { status: 200 } },
  sandboxSignIn: {
    access: 'sandbox',
    built: { status: 200, request: () => ({ body: { account_id: 'ada' } }), crossTenant: { none: 'names a sandbox account, not a record' } },
  },
  // The role world's people are not on the sandbox network: they belong to no network group, so
  // every allowed caller hears 404 for a group; tests/api/sandbox/network.test.ts covers the answers.
  listSandboxNetworkGroups: { access: 'sandbox', built: { status: 200 } },
  listSandboxNetworkGroupAdmins: { access: 'sandbox', built: { status: 404 } },
  listSandboxNetworkGroupMembers: { access: 'sandbox', built: { status: 404 } },
  listSandboxNetworkGroupPosts: { access: 'sandbox', built: { status: 404 } },
  removeSandboxNetworkGroupMembers: {
    access: 'sandbox',
    built: {
      status: 404,
      crossTenant: [
        {
          what: "another tenant's group and people",
          status: 404,
          request: (_world, { tenant }) => ({
            path: { fb_group_id: tenant.group.fb_group_id },
            body: { fb_user_ids: tenant.members.map((member) => member.fb_user_id) },
          }),
        },
      ],
    },
  },
  createSandboxCardToken: {
    access: 'sandbox',
    built: {
      status: 201,
      request: () => ({ body: { number: '4242424242424242', exp_month: 12, exp_year: 2099, cvc: '123' } }),
      crossTenant: { none: 'a test card names no record' },
    },
  },
  getSandboxConnectPage: {
    access: 'sandbox',
    built: { status: 200, request: async (world, { db }) => ({ query: { group_id: world.group.id, state: await connectingAccount(db, world.group.id) } }) },
  },
  completeSandboxConnect: {
    access: 'sandbox',
    built: {
      status: 200,
      request: async (world, { db }) => ({ body: { group_id: world.group.id, state: await connectingAccount(db, world.group.id) } }),
      crossTenant: [
        {
          what: "another tenant's group with the caller's state",
          status: 404,
          request: async (world, { db, tenant }) => ({ body: { group_id: tenant.group.id, state: await connectingAccount(db, world.group.id) } }),
        },
      ],
    },
  },
};
