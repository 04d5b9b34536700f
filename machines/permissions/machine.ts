import { assign, emit, setup } from 'xstate';
import type { ApiClient } from '../../src/api/client';
import type { MemberMatch } from '../../src/api/memberSearch';
import type { PaidFeatureRefusal } from '../../rules/plans';
import { loadPermissions, setPermission, type Membership, type PermissionsAnswer, type PermissionsQuery, type SetPermissionAnswer } from './actors';

export interface PermissionsInput {
  api: ApiClient;
  groupId: number;
  groupName: string;
  /** Why the group's permission actions are closed (spec part 2 §6: free or locked), or null. */
  closedBecause: PaidFeatureRefusal | null;
  /** The signed-in user's network id: their own row has no Revoke. */
  viewerFbUserId: string | null;
  query: PermissionsQuery;
}

export interface PermissionsContext extends PermissionsInput {
  memberships: Membership[];
  count: number;
  /** How many admins the group has: the row the next admin takes. */
  adminCount: number;
  /** Why the last call failed, shown until the next one. */
  failure: string | null;
  /** The admin whose revoke is asked about or under way. */
  revoking: Membership | null;
  /** The member chosen in the add-admin typeahead. */
  candidate: MemberMatch | null;
}

export type PermissionsEvent =
  | { type: 'permissions.query.changed'; query: PermissionsQuery }
  | { type: 'permissions.retry' }
  | { type: 'permissions.revoke'; membership: Membership }
  | { type: 'permissions.revoke.confirmed' }
  | { type: 'permissions.revoke.cancelled' }
  | { type: 'addAdmin.open' }
  | { type: 'addAdmin.member.chosen'; member: MemberMatch }
  | { type: 'addAdmin.member.cleared' }
  | { type: 'addAdmin.ok' }
  | { type: 'addAdmin.back' }
  | { type: 'addAdmin.grant' }
  | { type: 'addAdmin.cancel' };

/** Told to the page after a grant or a revoke: it toasts. */
export type PermissionsEmitted = { type: 'permissions.changed'; change: 'granted' | 'revoked'; name: string };

const answerOfEvent = ({ event }: { event: { output?: unknown } }) => event.output as PermissionsAnswer & SetPermissionAnswer;

/**
 * An admin's row offers Revoke unless it is the viewer's own or the group holder's, and only while
 * the group's permission actions are open (spec part 2 §2, §6).
 */
export function isRevocable(membership: Membership, { viewerFbUserId, closedBecause }: Pick<PermissionsInput, 'viewerFbUserId' | 'closedBecause'>): boolean {
  if (closedBecause !== null || membership.role !== 'admin' || membership.is_group_holder) return false;
  return viewerFbUserId === null || membership.member?.fb_user_id !== viewerFbUserId;
}

/**
 * The permissions page (spec part 2 §2, §4, §5, §6, §7): the admin list of the filters in the
 * address; Revoke asked first; Add Admin (closed on free or locked groups) as a modal: choosing a
 * member, then Ok (only once one is chosen) asks 'Grant admin permission to {member}'. After either
 * change the list loads again and the page is told, for its toast; a refusal shows the server's
 * message.
 */
export const permissionsMachine = setup({
  types: {
    context: {} as PermissionsContext,
    events: {} as PermissionsEvent,
    input: {} as PermissionsInput,
    emitted: {} as PermissionsEmitted,
  },
  actors: { loadPermissions, setPermission },
  guards: {
    isFailed: (_, answer: { kind: string }) => answer.kind === 'failed',
    isRevocable: ({ context }, membership: Membership) => isRevocable(membership, context),
    isOpen: ({ context }) => context.closedBecause === null,
  },
  actions: {
    rememberQuery: assign((_, query: PermissionsQuery) => ({ query })),
    rememberList: assign((_, answer: PermissionsAnswer) =>
      answer.kind === 'loaded' ? { memberships: answer.memberships, count: answer.count, adminCount: answer.adminCount } : {},
    ),
    rememberFailure: assign((_, answer: { kind: string; message?: string }) => ({ failure: answer.message ?? null })),
    forgetFailure: assign({ failure: null }),
    rememberRevoking: assign((_, membership: Membership) => ({ revoking: membership })),
    forgetRevoking: assign({ revoking: null }),
    rememberCandidate: assign((_, member: MemberMatch) => ({ candidate: member })),
    forgetCandidate: assign({ candidate: null }),
    tellChanged: emit((_, change: PermissionsEmitted) => change),
  },
}).createMachine({
  id: 'permissions',
  context: ({ input }) => ({ ...input, memberships: [], count: 0, adminCount: 0, failure: null, revoking: null, candidate: null }),
  initial: 'loading',
  on: {
    'permissions.query.changed': {
      target: '.loading',
      actions: [{ type: 'rememberQuery', params: ({ event }) => event.query }, 'forgetRevoking', 'forgetCandidate'],
    },
  },
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        id: 'loadPermissions',
        src: 'loadPermissions',
        input: ({ context }) => ({ api: context.api, groupId: context.groupId, query: context.query }),
        onDone: [
          { guard: { type: 'isFailed', params: answerOfEvent }, target: 'loadFailed', actions: { type: 'rememberFailure', params: answerOfEvent } },
          { target: 'showing', actions: { type: 'rememberList', params: answerOfEvent } },
        ],
      },
    },
    loadFailed: {
      on: { 'permissions.retry': { target: 'loading', actions: 'forgetFailure' } },
    },
    showing: {
      on: {
        'permissions.revoke': {
          guard: { type: 'isRevocable', params: ({ event }) => event.membership },
          target: 'confirmingRevoke',
          actions: ['forgetFailure', { type: 'rememberRevoking', params: ({ event }) => event.membership }],
        },
        'addAdmin.open': { guard: 'isOpen', target: 'addingAdmin', actions: ['forgetFailure', 'forgetCandidate'] },
      },
    },
    confirmingRevoke: {
      on: {
        'permissions.revoke.confirmed': 'revoking',
        'permissions.revoke.cancelled': { target: 'showing', actions: 'forgetRevoking' },
      },
    },
    revoking: {
      tags: 'busy',
      invoke: {
        id: 'revokePermission',
        src: 'setPermission',
        input: ({ context }) => ({ api: context.api, groupId: context.groupId, memberId: context.revoking!.member_id, role: 'subscriber' as const }),
        onDone: [
          {
            guard: { type: 'isFailed', params: answerOfEvent },
            target: 'showing',
            actions: [{ type: 'rememberFailure', params: answerOfEvent }, 'forgetRevoking'],
          },
          {
            target: 'loading',
            actions: [
              { type: 'tellChanged', params: ({ context }) => ({ type: 'permissions.changed' as const, change: 'revoked' as const, name: context.revoking!.member?.name ?? '' }) },
              'forgetRevoking',
            ],
          },
        ],
      },
    },
    addingAdmin: {
      initial: 'choosing',
      on: { 'addAdmin.cancel': { target: 'showing', actions: ['forgetCandidate', 'forgetFailure'] } },
      states: {
        choosing: {
          on: { 'addAdmin.member.chosen': { target: 'chosen', actions: { type: 'rememberCandidate', params: ({ event }) => event.member } } },
        },
        chosen: {
          on: {
            'addAdmin.member.chosen': { target: 'chosen', actions: ['forgetFailure', { type: 'rememberCandidate', params: ({ event }) => event.member }] },
            'addAdmin.member.cleared': { target: 'choosing', actions: ['forgetCandidate', 'forgetFailure'] },
            'addAdmin.ok': { target: 'confirming', actions: 'forgetFailure' },
          },
        },
        confirming: {
          on: { 'addAdmin.back': 'chosen', 'addAdmin.grant': 'granting' },
        },
        granting: {
          tags: 'busy',
          invoke: {
            id: 'grantPermission',
            src: 'setPermission',
            input: ({ context }) => ({ api: context.api, groupId: context.groupId, memberId: context.candidate!.id, role: 'admin' as const }),
            onDone: [
              { guard: { type: 'isFailed', params: answerOfEvent }, target: 'chosen', actions: { type: 'rememberFailure', params: answerOfEvent } },
              {
                target: '#permissions.loading',
                actions: [
                  { type: 'tellChanged', params: ({ context }) => ({ type: 'permissions.changed' as const, change: 'granted' as const, name: context.candidate!.name }) },
                  'forgetCandidate',
                ],
              },
            ],
          },
        },
      },
    },
  },
});
