import { isIsoDate } from '../../../ui/calendarDate';
import { everyValueOf } from '../../../../rules/contract';
import { INVALID_EMAIL_MESSAGE, isEmailAddress } from '../../../../rules/email';
import type { Group, GroupPatch, User, UserPatch } from './recordsApi';

/** What a form says is wrong, per field; no key when the field is fine. */
export type FormErrors<Form> = Partial<Record<keyof Form, string>>;

/** A moment as a datetime-local input holds it, read as UTC ('2026-03-01T15:05'); '' for none. */
export function utcInputOf(iso: string | null): string {
  if (!iso) return '';
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? '' : at.toISOString().slice(0, 16);
}

const UTC_INPUT = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d$/;

export function isUtcInput(value: string): boolean {
  const match = UTC_INPUT.exec(value);
  return match !== null && isIsoDate(match[1]!);
}

/** The ISO moment of a datetime-local value read as UTC; null for ''. */
export function isoOfUtcInput(value: string): string | null {
  return value === '' ? null : `${value}:00.000Z`;
}

/** A text field as the API takes it: trimmed, and null when left empty. */
const textOrNull = (value: string): string | null => value.trim() || null;

/** Part 2 §4: a group's subscription statuses. */
export const SUBSCRIPTION_STATUSES = everyValueOf<NonNullable<Group['subscription_status']>>()([
  'active',
  'incomplete',
  'trialing',
  'incomplete_expired',
  'past_due',
  'canceled',
  'unpaid',
]);

export interface GroupForm {
  name: string;
  fb_slug: string;
  subscribed_plan: Group['subscribed_plan'];
  /** '' for none. */
  subscription_status: string;
  subscribed_from_at: string;
  subscription_ends_at: string;
  trial_ends_at: string;
  data_removal_at: string;
  is_locked: boolean;
  is_orphaned: boolean;
  is_manual_subscription: boolean;
}

const GROUP_MOMENTS = ['subscribed_from_at', 'subscription_ends_at', 'trial_ends_at', 'data_removal_at'] as const;

export function groupFormOf(group: Group): GroupForm {
  return {
    name: group.name,
    fb_slug: group.fb_slug ?? '',
    subscribed_plan: group.subscribed_plan,
    subscription_status: group.subscription_status ?? '',
    subscribed_from_at: utcInputOf(group.subscribed_from_at),
    subscription_ends_at: utcInputOf(group.subscription_ends_at),
    trial_ends_at: utcInputOf(group.trial_ends_at),
    data_removal_at: utcInputOf(group.data_removal_at),
    is_locked: group.is_locked,
    is_orphaned: group.is_orphaned,
    is_manual_subscription: group.is_manual_subscription,
  };
}

/** The contract's limits on PATCH /supervisor/groups/{id}: a name of 1 to 255 characters, a slug of at most 255, real moments. */
export function groupFormErrors(form: GroupForm): FormErrors<GroupForm> {
  const errors: FormErrors<GroupForm> = {};
  if (form.name.trim() === '') errors.name = 'A group needs a name.';
  else if (form.name.trim().length > 255) errors.name = 'At most 255 characters.';
  if (form.fb_slug.trim().length > 255) errors.fb_slug = 'At most 255 characters.';
  for (const field of GROUP_MOMENTS) {
    if (form[field] !== '' && !isUtcInput(form[field])) errors[field] = 'Enter a date and time, or leave it empty.';
  }
  return errors;
}

/** What changed, and only that (the PATCH changes only the fields sent). */
export function groupPatchOf(group: Group, form: GroupForm): GroupPatch {
  const before = groupFormOf(group);
  const patch: GroupPatch = {};
  if (form.name.trim() !== before.name) patch.name = form.name.trim();
  if (form.fb_slug.trim() !== before.fb_slug) patch.fb_slug = textOrNull(form.fb_slug);
  if (form.subscribed_plan !== before.subscribed_plan) patch.subscribed_plan = form.subscribed_plan;
  if (form.subscription_status !== before.subscription_status) {
    patch.subscription_status = (form.subscription_status || null) as GroupPatch['subscription_status'];
  }
  for (const field of GROUP_MOMENTS) {
    if (form[field] !== before[field]) patch[field] = isoOfUtcInput(form[field]);
  }
  for (const flag of ['is_locked', 'is_orphaned', 'is_manual_subscription'] as const) {
    if (form[flag] !== before[flag]) patch[flag] = form[flag];
  }
  return patch;
}

export interface UserForm {
  first_name: string;
  last_name: string;
  email: string;
  fb_username: string;
  fb_user_id: string;
  is_supervisor: boolean;
  is_banned: boolean;
  connects_is_enabled: boolean;
  robot_training: boolean;
}

export function userFormOf(user: User): UserForm {
  return {
    first_name: user.first_name ?? '',
    last_name: user.last_name ?? '',
    email: user.email ?? '',
    fb_username: user.fb_username ?? '',
    fb_user_id: user.fb_user_id ?? '',
    is_supervisor: user.is_supervisor,
    is_banned: user.is_banned,
    connects_is_enabled: user.flags.connects_is_enabled,
    robot_training: user.flags.robot_training,
  };
}

/** The contract's limits on PATCH /supervisor/users/{id}. */
export function userFormErrors(form: UserForm): FormErrors<UserForm> {
  const errors: FormErrors<UserForm> = {};
  for (const field of ['first_name', 'last_name', 'fb_username'] as const) {
    if (form[field].trim().length > 100) errors[field] = 'At most 100 characters.';
  }
  if (form.email.trim() !== '' && !isEmailAddress(form.email)) errors.email = INVALID_EMAIL_MESSAGE;
  if (form.fb_user_id.trim() !== '' && !/^\d{1,32}$/.test(form.fb_user_id.trim())) errors.fb_user_id = 'Digits only, at most 32.';
  return errors;
}

/** What changed, and only that; an emptied username or profile id is sent as null, which removes it. */
export function userPatchOf(user: User, form: UserForm): UserPatch {
  const before = userFormOf(user);
  const patch: UserPatch = {};
  for (const field of ['first_name', 'last_name', 'email', 'fb_username', 'fb_user_id'] as const) {
    if (form[field].trim() !== before[field]) patch[field] = textOrNull(form[field]);
  }
  for (const field of ['is_supervisor', 'is_banned'] as const) {
    if (form[field] !== before[field]) patch[field] = form[field];
  }
  const flags: NonNullable<UserPatch['flags']> = {};
  for (const flag of ['connects_is_enabled', 'robot_training'] as const) {
    if (form[flag] !== before[flag]) flags[flag] = form[flag];
  }
  if (Object.keys(flags).length > 0) patch.flags = flags;
  return patch;
}
