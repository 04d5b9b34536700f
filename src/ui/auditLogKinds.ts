import type { components } from '../api/schema';

export type AuditLogKind = components['schemas']['AuditLogKind'];
export type AuditLog = components['schemas']['AuditLog'];

/** Every kind of the contract (the group's log and the supervisor's) with the label the log shows; a Record, so a new kind cannot be forgotten. */
export const AUDIT_LOG_KIND_LABELS: Record<AuditLogKind, string> = {
  user_registered: 'User Registered',
  sign_in: 'Sign In',
  sign_out: 'Sign Out',
  user_switched: 'User Switched',
  subscription_attempt: 'Subscription Attempt',
  subscription_success: 'Subscription Success',
  subscription_error: 'Subscription Error',
  subscription_upgrade: 'Subscription Upgrade',
  subscription_cancel: 'Subscription Cancel',
  card_updated: 'Card Updated',
  member_role_updated: 'Member Role Updated',
  settings_updated: 'Settings Updated',
  schedule_updated: 'Schedule Updated',
  group_acquired: 'Group Acquired',
  engagements_scan: 'Engagements Scan',
  members_scan: 'Members Scan',
  members_whitelisted: 'Members Whitelisted',
  members_unwhitelisted: 'Members Unwhitelisted',
  members_removed: 'Members Removed',
  members_restored: 'Members Restored',
  members_removal_done: 'Members Removal Done',
  payment_account_connected: 'Payment Account Connected',
  payment_account_disconnected: 'Payment Account Disconnected',
  customers_linked: 'Customers Linked',
  customers_unlinked: 'Customers Unlinked',
  matches_rejected: 'Matches Rejected',
  matches_restored: 'Matches Restored',
  departures_held: 'Departures Held',
  departures_confirmed: 'Departures Confirmed',
  departures_dismissed: 'Departures Dismissed',
  supervisor_edit: 'Supervisor Edit',
  lab_action: 'Lab Action',
};

export const AUDIT_LOG_KINDS = Object.keys(AUDIT_LOG_KIND_LABELS) as AuditLogKind[];

export function isAuditLogKind(value: string): value is AuditLogKind {
  return Object.hasOwn(AUDIT_LOG_KIND_LABELS, value);
}

function humanize(field: string): string {
  return field.replaceAll('_', ' ');
}

function shownValue(value: unknown): string {
  return value === null || value === undefined || value === '' ? 'none' : String(value);
}

/** Kinds whose record says what changed: the template lists each field's old and new value. */
function changes(diff: Record<string, unknown[]> | undefined): string {
  if (!diff) return '';
  const parts = Object.entries(diff).map(([field, [before, after]]) => `${humanize(field)} from ${shownValue(before)} to ${shownValue(after)}`);
  return parts.length > 0 ? `: ${parts.join(', ')}` : '';
}

/** The record's line in the log: its label (with its changes, when it has some) and 'via {ip}' when the ip is known. */
export function describeAuditLog({ kind, data }: Pick<AuditLog, 'kind' | 'data'>): string {
  const via = data.ip ? ` via ${data.ip}` : '';
  return `${AUDIT_LOG_KIND_LABELS[kind]}${changes(data.diff)}${via}`;
}
