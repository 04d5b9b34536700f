import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { addAdminMatchLimit } from '../../rules/permissions';
import type { MemberMatch } from '../../src/api/memberSearch';
import type { LockReason } from '../../src/ui/LockedOverlay';
import type { Membership, PermissionsQuery } from './actors';
import { isRevocable, type permissionsMachine } from './machine';

export type PermissionsSnapshot = SnapshotFrom<typeof permissionsMachine>;
export type PermissionsActor = ActorRefFrom<typeof permissionsMachine>;

/** The page's words (spec part 2 §2). */
export const PERMISSIONS_TEXTS = {
  title: 'Permissions',
  addAdmin: 'Add Admin',
  addAdminHint: 'Admins may act on the group here: its members, posts, logs and settings.',
  addAdminHeader: (group: string) => `Add New Admin to ${group}`,
  grant: (member: string) => `Grant admin permission to ${member}`,
  revoke: 'Revoke',
  revokeHeader: 'Revoke admin permission',
  revokeQuestion: (member: string) => `Revoke admin permission from ${member}? They become a subscriber of the group.`,
  granted: (member: string) => `Admin permission granted to ${member}`,
  revoked: (member: string) => `Admin permission revoked from ${member}`,
  empty: 'No members to show.',
  loadFailed: (reason: string) => `The permissions could not be loaded. ${reason}`,
} as const;

export interface PermissionRowView {
  membership: Membership;
  /** Revoke is offered: an admin's row, not the viewer's own nor the group holder's, on a group whose permission actions are open. */
  revocable: boolean;
}

export interface AddAdminDialogView {
  header: string;
  candidate: MemberMatch | null;
  /** Ok is enabled once a member is chosen (spec part 2 §5). */
  okEnabled: boolean;
  /** Ok was pressed: the grant is asked with the member's name. */
  confirming: boolean;
  grantLabel: string | null;
  busy: boolean;
  failure: string | null;
  /** How many matches the typeahead shows (spec part 2 §9). */
  matchLimit: number;
}

export interface PermissionsPage {
  groupName: string;
  query: PermissionsQuery;
  list: { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'loaded'; rows: PermissionRowView[]; count: number };
  /** Why Add Admin is locked (free or locked group), or null. */
  addAdminLock: LockReason | null;
  /** The server's refusal of the last revoke, shown on the page. */
  failure: string | null;
  revoke: { name: string; busy: boolean } | null;
  addAdmin: AddAdminDialogView | null;
}

const LOCK_OF = { free_plan: 'freePlan', locked: 'groupLocked' } as const satisfies Record<string, LockReason>;

function addAdminOf(snapshot: PermissionsSnapshot): AddAdminDialogView | null {
  if (!snapshot.matches('addingAdmin')) return null;
  const { context } = snapshot;
  const confirming = snapshot.matches({ addingAdmin: 'confirming' }) || snapshot.matches({ addingAdmin: 'granting' });
  return {
    header: PERMISSIONS_TEXTS.addAdminHeader(context.groupName),
    candidate: context.candidate,
    okEnabled: snapshot.can({ type: 'addAdmin.ok' }),
    confirming,
    grantLabel: context.candidate ? PERMISSIONS_TEXTS.grant(context.candidate.name) : null,
    busy: snapshot.hasTag('busy'),
    failure: context.failure,
    matchLimit: addAdminMatchLimit(context.adminCount),
  };
}

function listOf(snapshot: PermissionsSnapshot): PermissionsPage['list'] {
  const { context } = snapshot;
  if (snapshot.matches('loadFailed')) return { kind: 'failed', message: PERMISSIONS_TEXTS.loadFailed(context.failure ?? '') };
  if (snapshot.matches('loading')) return { kind: 'loading' };
  return {
    kind: 'loaded',
    count: context.count,
    rows: context.memberships.map((membership) => ({ membership, revocable: isRevocable(membership, context) })),
  };
}

/** Everything the permissions page shows in a snapshot. */
export function permissionsPageOf(snapshot: PermissionsSnapshot): PermissionsPage {
  const { context } = snapshot;
  const revoking = context.revoking && (snapshot.matches('confirmingRevoke') || snapshot.matches('revoking'));
  return {
    groupName: context.groupName,
    query: context.query,
    list: listOf(snapshot),
    addAdminLock: context.closedBecause ? LOCK_OF[context.closedBecause] : null,
    failure: snapshot.matches('showing') ? context.failure : null,
    revoke: revoking ? { name: context.revoking!.member?.name ?? '', busy: snapshot.matches('revoking') } : null,
    addAdmin: addAdminOf(snapshot),
  };
}
