import type { AccessPolicy } from '../../../server/http/contract';
import type { RoleWorld } from '../support/roles';

export interface RequestOverrides {
  path?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
}

export interface MatrixRow {
  /** Who may call it; must equal the contract's x-access, so a policy change is a visible change here. */
  access: AccessPolicy;
  /** Present once the operation is built: what an allowed caller gets, and any input the generated sample lacks. */
  built?: { status: number; request?: (world: RoleWorld) => RequestOverrides };
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
  getSession: { access: 'session' },
  createSession: { access: 'public' },
  deleteSession: { access: 'session' },
  switchSession: { access: 'supervisor' },
  endSwitchedSession: { access: 'session' },

  // users
  updateUserEmail: { access: 'user' },

  // groups
  listGroups: { access: 'user' },
  getGroupOwners: { access: 'user' },
  acquireGroup: { access: 'user' },
  getGroup: { access: 'groupAdmin' },

  // members
  listGroupMembers: { access: 'groupAdmin' },
  exportGroupMembers: { access: 'groupAdmin' },
  previewMemberRemoval: { access: 'groupAdmin' },
  setMembersWhitelisted: { access: 'groupAdmin' },
  setMembersRemoved: { access: 'groupAdmin' },
  lookupMembers: { access: 'user' },

  // posts
  listGroupPosts: { access: 'groupAdmin' },

  // auditLogs
  listGroupAuditLogs: { access: 'groupAdmin' },

  // charts
  getGroupChart: { access: 'groupAdmin' },

  // flags
  getUserFlags: { access: 'user' },
  updateUserFlags: { access: 'user' },
  getGroupFlags: { access: 'groupAdmin' },
  updateGroupFlags: { access: 'groupAdmin' },

  // settings
  getUserSettings: { access: 'user' },
  updateUserSettings: { access: 'user' },
  getGroupSettings: { access: 'groupAdmin' },
  updateGroupSettings: { access: 'groupAdmin' },
  getGroupSchedule: { access: 'groupAdmin' },
  updateGroupSchedule: { access: 'groupAdmin' },

  // autocomplete
  autocompleteUsers: { access: 'supervisor' },
  autocompleteMembers: { access: 'user' },
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
  createSupportTicket: { access: 'user' },

  // permissions
  listGroupPermissions: { access: 'groupAdmin' },
  setGroupPermission: { access: 'groupAdmin' },

  // paymentAccount
  getPaymentAccount: { access: 'groupAdmin' },
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
  ingestUserGroups: { access: 'user' },
  ingestGroupOwners: { access: 'user' },
  startRobotJob: { access: 'groupAdmin' },
  getRobotJobs: { access: 'user' },
  reportRobotJobProgress: { access: 'user' },
  finishRobotJob: { access: 'user' },
  ingestJobMembers: { access: 'user' },
  ingestJobPosts: { access: 'user' },
  ingestJobRemovals: { access: 'user' },
  ingestRobotLogs: { access: 'user' },

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
  labSetToggle: { access: 'supervisor' },

  // sandbox
  listSandboxAccounts: { access: 'sandbox' },
  sandboxSignIn: { access: 'sandbox' },
  listSandboxNetworkGroups: { access: 'sandbox' },
  listSandboxNetworkGroupAdmins: { access: 'sandbox' },
  listSandboxNetworkGroupMembers: { access: 'sandbox' },
  listSandboxNetworkGroupPosts: { access: 'sandbox' },
  removeSandboxNetworkGroupMembers: { access: 'sandbox' },
  createSandboxCardToken: { access: 'sandbox' },
  getSandboxConnectPage: { access: 'sandbox' },
  completeSandboxConnect: { access: 'sandbox' },
};
