import type { SnapshotFrom } from 'xstate';
import type { StepFailure } from '../shared/stepFailure';
import type { OnboardingPermission } from './actors';
import type { confirmOwnershipMachine } from './machine';

export type ConfirmOwnershipSnapshot = SnapshotFrom<typeof confirmOwnershipMachine>;

type Admin = OnboardingPermission['admins'][number];
type Role = OnboardingPermission['role'];

/** What the Confirm Permissions step shows, one case per state of the machine. */
export type OwnershipView =
  | { kind: 'checking' }
  | { kind: 'scanningAdmins' }
  | { kind: 'apiAdmin' }
  | { kind: 'adminsToContact'; admins: Admin[] }
  | { kind: 'isAdmin' }
  | { kind: 'acquiring' }
  | { kind: 'acquired' }
  | { kind: 'notAdmin'; role: Role }
  | { kind: 'failed'; failure: StepFailure };

export function ownershipView(snapshot: ConfirmOwnershipSnapshot): OwnershipView {
  const { permission, failure } = snapshot.context;
  if (snapshot.matches('scanningAdmins')) return { kind: 'scanningAdmins' };
  if (snapshot.matches('apiAdmin')) return { kind: 'apiAdmin' };
  if (snapshot.matches('adminsToContact')) return { kind: 'adminsToContact', admins: permission?.admins ?? [] };
  if (snapshot.matches('isAdmin')) return { kind: 'isAdmin' };
  if (snapshot.matches('acquiring')) return { kind: 'acquiring' };
  if (snapshot.matches('acquired')) return { kind: 'acquired' };
  if (snapshot.matches('notAdmin')) return { kind: 'notAdmin', role: permission?.role ?? null };
  if (snapshot.matches('failed') && failure) return { kind: 'failed', failure };
  return { kind: 'checking' };
}
