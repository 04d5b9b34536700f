import { everyValueOf, type Schemas } from '../../rules/contract';

export const GROUP_SUBSCRIPTION_STATUSES = everyValueOf<NonNullable<Schemas['Group']['subscription_status']>>()([
  'active',
  'incomplete',
  'trialing',
  'incomplete_expired',
  'past_due',
  'canceled',
  'unpaid',
]);
export type GroupSubscriptionStatus = (typeof GROUP_SUBSCRIPTION_STATUSES)[number];

export const MEMBERSHIP_ROLES = everyValueOf<Schemas['NetworkGroup']['role']>()(['subscriber', 'admin']);
export type MembershipRole = (typeof MEMBERSHIP_ROLES)[number];

export const ENGAGEMENT_KINDS = ['reaction', 'comment', 'share'] as const;
export type EngagementKind = (typeof ENGAGEMENT_KINDS)[number];

export const LOOKBEHIND_KINDS = ['days', 'posts'] as const;
export type LookbehindKind = (typeof LOOKBEHIND_KINDS)[number];

export const PAYMENT_PROVIDERS = ['stripe'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

export const PAYMENT_ONBOARDING_STATES = ['started', 'refresh', 'completed'] as const;
export type PaymentOnboardingState = (typeof PAYMENT_ONBOARDING_STATES)[number];

export const MATCH_STATUSES = ['suggested', 'approved', 'rejected'] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

export const TASK_STATUSES = ['pending', 'running', 'completed', 'failed'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const ROBOT_JOB_NAMES = everyValueOf<Schemas['ExtensionJob']['name']>()(['fetch_group_members', 'fetch_group_posts', 'remove_group_members']);
export type RobotJobName = (typeof ROBOT_JOB_NAMES)[number];

export const ROBOT_JOB_STATUSES = ['running', 'completed', 'failed', 'stopped'] as const;
export type RobotJobStatus = (typeof ROBOT_JOB_STATUSES)[number];

export const ROBOT_LOG_LEVELS = ['error', 'warning', 'debug', 'info'] as const;
export type RobotLogLevel = (typeof ROBOT_LOG_LEVELS)[number];

/** The contract's AuditLogKind; the column stays free text so a new kind needs no migration. */
export const AUDIT_LOG_KINDS = everyValueOf<Schemas['AuditLogKind']>()([
  'user_registered',
  'sign_in',
  'sign_out',
  'user_switched',
  'subscription_attempt',
  'subscription_success',
  'subscription_error',
  'subscription_upgrade',
  'subscription_cancel',
  'card_updated',
  'member_role_updated',
  'settings_updated',
  'schedule_updated',
  'group_acquired',
  'engagements_scan',
  'members_scan',
  'members_whitelisted',
  'members_unwhitelisted',
  'members_removed',
  'members_restored',
  'members_removal_done',
  'payment_account_connected',
  'payment_account_disconnected',
  'customers_linked',
  'customers_unlinked',
  'matches_rejected',
  'matches_restored',
  'departures_held',
  'departures_confirmed',
  'departures_dismissed',
  'supervisor_edit',
  'lab_action',
]);
export type AuditLogKind = (typeof AUDIT_LOG_KINDS)[number];

export const APP_TOGGLE_NAMES = [
  'login_disabled',
  'lab',
  'single_sign_on',
  'extension_connected',
  'payment_provider_blocked',
  'affiliates_enabled',
] as const;
export type AppToggleName = (typeof APP_TOGGLE_NAMES)[number];
