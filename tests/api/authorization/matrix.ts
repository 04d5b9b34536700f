import type { FastifyInstance } from 'fastify';
import type { AppDb } from '../../../server/db/connect';
import type { AccessPolicy } from '../../../server/http/contract';
import type { Role, RoleWorld } from '../support/roles';
import { sandboxToken } from '../support/sandbox-session';
import { groupMemberIn, heldDepartureIn, ownRobotJob, unheldGroupOf } from './role-fixtures';

/**
 * A group that is not the role's for member reads, for the calls that name a group in their query:
 * one where their user is only a scanned admin (not a holder), or for a supervisor, who may read
 * any group, one that does not exist. Every allowed role then hears 404.
 */
async function foreignGroupOf(world: RoleWorld, { db, role }: { db: AppDb; role: Role }): Promise<number> {
  return role === 'supervisor' ? 2147483647 : unheldGroupOf(db, world, role);
}

export interface RequestOverrides {
  path?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
}

export interface MatrixRow {
  /** Who may call it; must equal the contract's x-access, so a policy change is a visible change here. */
  access: AccessPolicy;
  /** Present once the operation is built: what an allowed caller gets, and any input the generated sample lacks (asked per role). */
  built?: {
    status: number;
    request?: (world: RoleWorld, call: { app: FastifyInstance; db: AppDb; role: Role }) => RequestOverrides | Promise<RequestOverrides>;
  };
}

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
    built: { status: 200, request: async (_world, { app }) => ({ body: { facebook_token: await sandboxToken(app, 'ada') } }) },
  },
  deleteSession: { access: 'session', built: { status: 204 } },
  switchSession: { access: 'supervisor', built: { status: 200, request: (world) => ({ body: { user_id: world.userIds.groupAdmin } }) } },
  // No role's session is a switched one, so every allowed caller hears 409 not_switched.
  endSwitchedSession: { access: 'session', built: { status: 409 } },

  // users
  updateUserEmail: {
    access: 'user',
    built: { status: 200, request: (_world, { role }) => ({ body: { email: `${role.toLowerCase()}@example.com` } }) },
  },

  // groups
  listGroups: { access: 'user', built: { status: 200 } },
  getGroupOwners: { access: 'user', built: { status: 200, request: (world) => ({ query: { fb_group_id: world.group.fb_group_id } }) } },
  acquireGroup: {
    access: 'user',
    built: { status: 200, request: async (world, { db, role }) => ({ body: { id: await unheldGroupOf(db, world, role) } }) },
  },
  getGroup: { access: 'groupAdmin', built: { status: 200 } },

  // members
  listGroupMembers: { access: 'groupAdmin', built: { status: 200 } },
  exportGroupMembers: { access: 'groupAdmin', built: { status: 200 } },
  previewMemberRemoval: {
    access: 'groupAdmin',
    built: { status: 200, request: async (world, { db }) => ({ body: { ids: [await groupMemberIn(db, world, 'inactive')] } }) },
  },
  setMembersWhitelisted: {
    access: 'groupAdmin',
    built: { status: 200, request: async (world, { db }) => ({ body: { is_whitelisted: true, ids: [await groupMemberIn(db, world, 'inactive')] } }) },
  },
  setMembersRemoved: {
    access: 'groupAdmin',
    built: { status: 200, request: async (world, { db }) => ({ body: { is_removed: true, ids: [await groupMemberIn(db, world, 'inactive')] } }) },
  },
  getHeldDepartures: { access: 'groupAdmin', built: { status: 200 } },
  confirmHeldDepartures: { access: 'groupAdmin', built: { status: 200, request: async (world, { db }) => ({ body: { job_id: await heldDepartureIn(db, world) } }) } },
  dismissHeldDepartures: { access: 'groupAdmin', built: { status: 200, request: async (world, { db }) => ({ body: { job_id: await heldDepartureIn(db, world) } }) } },
  lookupMembers: { access: 'user', built: { status: 404, request: async (world, call) => ({ query: { group_id: await foreignGroupOf(world, call) } }) } },

  // posts
  listGroupPosts: { access: 'groupAdmin', built: { status: 200 } },

  // auditLogs
  listGroupAuditLogs: { access: 'groupAdmin', built: { status: 200 } },

  // charts
  getGroupChart: { access: 'groupAdmin', built: { status: 200 } },

  // flags
  getUserFlags: { access: 'user', built: { status: 200 } },
  updateUserFlags: { access: 'user', built: { status: 200 } },
  getGroupFlags: { access: 'groupAdmin', built: { status: 200 } },
  updateGroupFlags: { access: 'groupAdmin', built: { status: 200 } },

  // settings
  getUserSettings: { access: 'user' },
  updateUserSettings: { access: 'user' },
  getGroupSettings: { access: 'groupAdmin' },
  updateGroupSettings: { access: 'groupAdmin' },
  getGroupSchedule: { access: 'groupAdmin' },
  updateGroupSchedule: { access: 'groupAdmin' },

  // autocomplete
  autocompleteUsers: { access: 'supervisor', built: { status: 200 } },
  autocompleteMembers: {
    access: 'user',
    built: { status: 404, request: async (world, call) => ({ query: { group_id: await foreignGroupOf(world, call), search: 'Test' } }) },
  },
  autocompleteGroups: { access: 'user' },

  // subscriptions
  upgradeSubscription: { access: 'groupAdmin' },
  createSubscription: { access: 'groupAdmin' },
  updateSubscriptionSource: { access: 'groupAdmin' },

  // affiliates
  getAffiliate: { access: 'user' },
  enableAffiliate: { access: 'user' },
  getAffiliateBalance: { access: 'user' },

  // support
  createSupportTicket: { access: 'user', built: { status: 201 } },

  // permissions
  listGroupPermissions: { access: 'groupAdmin' },
  setGroupPermission: { access: 'groupAdmin' },

  // paymentAccount
  getPaymentAccount: { access: 'groupAdmin', built: { status: 200 } },
  connectPaymentAccount: { access: 'groupAdmin' },
  deletePaymentAccount: { access: 'groupAdmin' },
  listAccountCustomers: { access: 'groupAdmin' },
  updateAccountCustomer: { access: 'groupAdmin' },

  // matches
  linkAccountCustomers: { access: 'groupAdmin' },
  unlinkAccountCustomers: { access: 'groupAdmin' },
  rejectMatches: { access: 'groupAdmin' },
  restoreMatches: { access: 'groupAdmin' },

  // robot
  ingestUserGroups: { access: 'user', built: { status: 200 } },
  ingestGroupOwners: {
    access: 'user',
    built: {
      status: 200,
      // The owners scan is for a group the user reported: every role reports the role world's group first.
      request: async (world, { app, role }) => {
        const token = world.tokens[role];
        if (token && role !== 'banned') {
          await app.inject({
            method: 'POST',
            url: '/api/v1/robot/user_groups',
            headers: { authorization: `Bearer ${token}` },
            payload: { groups: [{ fb_group_id: world.group.fb_group_id, name: 'The Group', role: 'subscriber' }] },
          });
        }
        return {};
      },
    },
  },
  startRobotJob: {
    access: 'groupAdmin',
    built: { status: 201, request: (world) => ({ body: { name: 'fetch_group_posts', args: { id: world.group.id } } }) },
  },
  getRobotJobs: { access: 'user', built: { status: 200 } },
  reportRobotJobProgress: {
    access: 'user',
    built: { status: 200, request: async (world, { db, role }) => ({ path: { job_id: await ownRobotJob(db, world, role, 'fetch_group_members') } }) },
  },
  finishRobotJob: {
    access: 'user',
    built: { status: 200, request: async (world, { db, role }) => ({ path: { job_id: await ownRobotJob(db, world, role, 'fetch_group_members') } }) },
  },
  ingestJobMembers: {
    access: 'user',
    built: { status: 200, request: async (world, { db, role }) => ({ path: { job_id: await ownRobotJob(db, world, role, 'fetch_group_members') } }) },
  },
  ingestJobPosts: {
    access: 'user',
    built: { status: 200, request: async (world, { db, role }) => ({ path: { job_id: await ownRobotJob(db, world, role, 'fetch_group_posts') } }) },
  },
  ingestJobRemovals: {
    access: 'user',
    built: { status: 200, request: async (world, { db, role }) => ({ path: { job_id: await ownRobotJob(db, world, role, 'remove_group_members') } }) },
  },
  ingestRobotLogs: { access: 'user', built: { status: 202 } },

  // supervisor
  listSupervisorGroups: { access: 'supervisor' },
  getSupervisorGroup: { access: 'supervisor' },
  updateSupervisorGroup: { access: 'supervisor' },
  listSupervisorMembers: { access: 'supervisor' },
  getSupervisorMember: { access: 'supervisor' },
  listSupervisorUsers: { access: 'supervisor' },
  getSupervisorUser: { access: 'supervisor' },
  updateSupervisorUser: { access: 'supervisor' },
  listSupervisorAuditLogs: { access: 'supervisor' },
  listSupervisorRobotLogs: { access: 'supervisor' },
  getSupervisorRobotLogChart: { access: 'supervisor' },
  listSupervisorPosts: { access: 'supervisor' },
  getSupervisorMonitor: { access: 'supervisor' },
  listSupervisorJobs: { access: 'supervisor' },

  // lab
  labFindUser: { access: 'supervisor' },
  labFindGroup: { access: 'supervisor' },
  labFindMembership: { access: 'supervisor' },
  labUpdateUser: { access: 'supervisor' },
  labRemoveUser: { access: 'supervisor' },
  labUpdateMembership: { access: 'supervisor' },
  labRemoveMembership: { access: 'supervisor' },
  labUpdateGroup: { access: 'supervisor' },
  labRemoveGroup: { access: 'supervisor' },
  labRemoveMembers: { access: 'supervisor' },
  labFakeMembers: { access: 'supervisor' },
  labMembersRemoval: { access: 'supervisor' },
  labMembersRemovalReset: { access: 'supervisor' },
  labSyncSubscriptionFields: { access: 'supervisor' },
  labUpdateSubscription: { access: 'supervisor' },
  labRemoveSubscription: { access: 'supervisor' },
  labFakePosts: { access: 'supervisor' },
  labFakeReactions: { access: 'supervisor' },
  labFakeComments: { access: 'supervisor' },
  labFakeMetrics: { access: 'supervisor' },
  labRemovePosts: { access: 'supervisor' },
  labRemoveEngagements: { access: 'supervisor' },
  labRemoveMetrics: { access: 'supervisor' },
  labCreateRandomUser: { access: 'supervisor' },
  labCreateRandomGroup: { access: 'supervisor' },
  labCreateRandomMember: { access: 'supervisor' },
  labRemoveAllUsers: { access: 'supervisor' },
  labRemoveAllGroups: { access: 'supervisor' },
  labRemoveAllMembers: { access: 'supervisor' },
  labSetToggle: { access: 'supervisor', built: { status: 200 } },

  // sandbox
  listSandboxAccounts: { access: 'sandbox', built: { status: 200 } },
  sandboxSignIn: { access: 'sandbox', built: { status: 200, request: () => ({ body: { account_id: 'ada' } }) } },
  // The role world's people are not on the sandbox network: they belong to no network group, so
  // every allowed caller hears 404 for a group; tests/api/sandbox/network.test.ts covers the answers.
  listSandboxNetworkGroups: { access: 'sandbox', built: { status: 200 } },
  listSandboxNetworkGroupAdmins: { access: 'sandbox', built: { status: 404 } },
  listSandboxNetworkGroupMembers: { access: 'sandbox', built: { status: 404 } },
  listSandboxNetworkGroupPosts: { access: 'sandbox', built: { status: 404 } },
  removeSandboxNetworkGroupMembers: { access: 'sandbox', built: { status: 404 } },
  createSandboxCardToken: { access: 'sandbox' },
  getSandboxConnectPage: { access: 'sandbox' },
  completeSandboxConnect: { access: 'sandbox' },
};
