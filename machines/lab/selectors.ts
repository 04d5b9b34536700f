import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { everyValueOf, type Schemas } from '../../rules/contract';
import {
  LAB_DAYS_LEFT,
  LAB_FAKE_COUNTS,
  LAB_METRICS_DAYS,
  isTruncation,
  type LabAction,
  type LabBody,
  type LabGroup,
  type LabMembership,
  type LabToggleName,
  type LabTruncation,
  type LabUser,
} from './actors';
import { labActionAvailable, type labMachine } from './machine';

export type LabSnapshot = SnapshotFrom<typeof labMachine>;
export type LabActor = ActorRefFrom<typeof labMachine>;

type SubscriptionStatus = NonNullable<Schemas['Group']['subscription_status']>;
type LabPlan = NonNullable<LabBody<'update_group'>['subscribed_plan']>;
type RemovalPeriod = LabBody<'members_removal'>['period'];
type RemovalRole = LabBody<'remove_members'>['role'];

/** Spec part 2 §4: the subscription statuses the lab can set. */
export const LAB_SUBSCRIPTION_STATUSES = everyValueOf<SubscriptionStatus>()([
  'active',
  'incomplete',
  'trialing',
  'incomplete_expired',
  'past_due',
  'canceled',
  'unpaid',
]);
/** Spec part 2 §6: the plans the lab can change a group to. */
export const LAB_PLANS = everyValueOf<LabPlan>()(['free', 'monthly', 'annual']);
const REMOVAL_PERIODS = everyValueOf<RemovalPeriod>()(['day', 'week', 'before_week']);

/** The lab's words. The truncation questions follow the spec's confirmations ('Are you sure want to …?', part 2 §5). */
export const LAB_TEXTS = {
  title: 'Lab',
  user: 'User',
  group: 'Group',
  membership: 'Membership',
  everything: 'Create and truncate',
  toggles: 'Switches',
  findUser: 'Find a user',
  findGroup: 'Find a group',
  findMember: (group: string) => `Find a member of ${group}`,
  noUser: 'No user found yet.',
  noGroup: 'No group found yet.',
  noMembership: 'No membership found yet.',
  membershipNeedsGroup: 'Find a group first: a membership is looked for in it.',
  idle: 'Find a record or choose an action.',
  running: 'Working…',
  found: (name: string) => `Found ${name}.`,
  userChanges: {
    remove_username: 'Remove username',
    remove_profile_id: 'Remove profile id',
    grant_supervisor: 'Grant supervisor',
    revoke_supervisor: 'Revoke supervisor',
    ban: 'Ban',
    unban: 'Unban',
  },
  removeUser: 'Remove user',
  setRole: { subscriber: 'Set subscriber', admin: 'Set admin' },
  removeMembership: 'Remove membership',
  userActions: 'User actions',
  membershipActions: 'Membership actions',
  plan: 'Plan',
  locking: 'Locked',
  plans: { free: 'Free', monthly: 'Monthly', annual: 'Annual' } satisfies Record<LabPlan, string>,
  lock: 'Lock',
  unlock: 'Unlock',
  subscribedFrom: 'Subscribed from',
  set: 'Set',
  subscriptionStatus: 'Subscription status',
  subscriptionEnd: 'Subscription ends in',
  daysLeft: (days: number) => `${days} days`,
  subscriptionData: 'Subscription data',
  syncSubscription: 'Sync subscription fields',
  removeSubscription: 'Remove subscription data',
  fakeData: 'Fake data',
  fakeMembers: `Fake ${LAB_FAKE_COUNTS.members} members`,
  fakeDeactivated: `Fake ${LAB_FAKE_COUNTS.deactivatedMembers} deactivated members`,
  fakePosts: `Fake ${LAB_FAKE_COUNTS.posts} posts`,
  fakeReactions: `Fake ${LAB_FAKE_COUNTS.reactions} reactions`,
  fakeComments: `Fake ${LAB_FAKE_COUNTS.comments} comments`,
  createMember: 'Create random member',
  fakeMetrics: 'Fake metrics',
  metricsDays: (days: number) => `${days} days`,
  reverse: 'Trend going down',
  removals: 'Removals',
  removalCount: 'How many',
  periods: { day: 'Today', week: 'This week', before_week: 'Before this week' } satisfies Record<RemovalPeriod, string>,
  resetRemovals: 'Reset removals',
  removeData: 'Remove data',
  removePosts: 'Remove posts',
  removeEngagements: 'Remove engagements',
  removeMetrics: 'Remove metrics',
  removeMembers: { subscriber: 'Remove subscribers', admin: 'Remove admins', any: 'Remove all its members' } satisfies Record<RemovalRole, string>,
  removeGroup: 'Remove group',
  createUser: 'Create random user',
  createGroup: 'Create random group',
  createGroupHeldBy: (user: string) => `Create random group held by ${user}`,
  truncate: { remove_all_users: 'Truncate all users', remove_all_groups: 'Truncate all groups', remove_all_members: 'Truncate all members' } satisfies Record<LabTruncation, string>,
  truncateQuestion: {
    remove_all_users: 'Are you sure want to truncate all users? Every user but you is deleted, with their sessions and the groups they hold.',
    remove_all_groups: 'Are you sure want to truncate all groups? Every group is deleted, with its memberships, posts, logs and payment data.',
    remove_all_members: 'Are you sure want to truncate all members? Every member and membership is deleted; the users stay.',
  } satisfies Record<LabTruncation, string>,
  toggleNames: {
    extension_connected: 'Extension connected',
    payment_provider_blocked: 'Payment provider blocked',
    login_disabled: 'Login disabled',
  } satisfies Record<LabToggleName, string>,
} as const;

/** What an action changed, for its toast and the progress bar's caption. */
export function labDoneText(action: LabAction, subject: string | null): string {
  const on = subject ?? '';
  switch (action.name) {
    case 'update_user': {
      const { remove_username, remove_profile_id, is_supervisor, is_banned } = action.settings;
      if (remove_username) return `${on}: username removed.`;
      if (remove_profile_id) return `${on}: profile id removed.`;
      if (is_supervisor !== undefined) return is_supervisor ? `${on} is a supervisor now.` : `${on} is no longer a supervisor.`;
      return is_banned ? `${on} is banned.` : `${on} is no longer banned.`;
    }
    case 'remove_user':
      return `${on} was removed.`;
    case 'update_membership':
      return `${on} is ${action.settings.role === 'admin' ? 'an admin' : 'a subscriber'} now.`;
    case 'remove_membership':
      return `${on}'s membership was removed.`;
    case 'update_group': {
      const { subscribed_plan, is_locked, subscribed_from } = action.settings;
      if (subscribed_plan) return `${on} is on the ${LAB_TEXTS.plans[subscribed_plan]} plan now.`;
      if (is_locked !== undefined) return is_locked ? `${on} is locked.` : `${on} is unlocked.`;
      return `${on} is subscribed from ${subscribed_from}.`;
    }
    case 'remove_group':
      return `${on} was removed.`;
    case 'remove_members':
      return `${on}: ${LAB_TEXTS.removeMembers[action.settings.role].replace('Remove ', '')} removed.`;
    case 'fake_members':
      return action.settings.is_banned
        ? `${on}: ${action.settings.count} deactivated members faked.`
        : `${on}: ${action.settings.count} members faked.`;
    case 'members_removal':
      return `${on}: ${action.settings.count} removals faked (${LAB_TEXTS.periods[action.settings.period].toLowerCase()}).`;
    case 'members_removal_reset':
      return `${on}: removals reset, every limit is full again.`;
    case 'sync_subscription_fields':
      return `${on}: subscription fields synced from the payment provider.`;
    case 'update_subscription':
      return action.settings.status
        ? `${on}: subscription status ${action.settings.status}.`
        : `${on}: the subscription ends in ${action.settings.days_left} days.`;
    case 'remove_subscription':
      return `${on}: subscription data removed.`;
    case 'fake_posts':
      return `${on}: ${action.settings.count} posts faked.`;
    case 'fake_reactions':
      return `${on}: ${action.settings.count} reactions faked.`;
    case 'fake_comments':
      return `${on}: ${action.settings.count} comments faked.`;
    case 'fake_metrics':
      return `${on}: ${action.settings.days} days of ${action.settings.reverse ? 'falling' : 'rising'} metrics faked.`;
    case 'remove_posts':
      return `${on}: posts removed.`;
    case 'remove_engagements':
      return `${on}: engagements removed.`;
    case 'remove_metrics':
      return `${on}: metrics removed.`;
    case 'create_random_member':
      return `${on}: a random member was created.`;
    case 'create_random_user':
      return 'A random user was created.';
    case 'create_random_group':
      return action.settings.user_id === undefined ? 'A random group was created.' : `A random group held by ${on} was created.`;
    case 'remove_all_users':
      return 'All users but you were deleted.';
    case 'remove_all_groups':
      return 'All groups were deleted.';
    case 'remove_all_members':
      return 'All members and memberships were deleted.';
    case 'set_toggle':
      return `${LAB_TEXTS.toggleNames[action.settings.name]}: ${action.settings.value ? 'on' : 'off'}.`;
  }
}

/** A button of the lab: the action it asks, and whether it can be asked now. */
export interface LabButton {
  label: string;
  action: LabAction;
  enabled: boolean;
  /** For a choice among values (plan, status, a switch): this is the record's current one. */
  pressed?: boolean;
  danger?: boolean;
}

export interface LabFact {
  label: string;
  value: string;
}

export interface LabUserView {
  user: LabUser;
  facts: LabFact[];
  actions: LabButton[];
}

export interface LabGroupView {
  group: LabGroup;
  facts: LabFact[];
  plans: LabButton[];
  lock: LabButton;
  /** Setting subscribed_from (a date the view asks for) can be asked now. */
  subscribedFromEnabled: boolean;
  statuses: LabButton[];
  ends: LabButton[];
  subscription: LabButton[];
  fakes: LabButton[];
  /** The days faked metrics can span, and whether faking can be asked now (the view asks for the trend). */
  metrics: { days: typeof LAB_METRICS_DAYS; enabled: boolean };
  /** The periods fake removals can fall in, and whether they can be asked now (the view asks for the count). */
  removals: { periods: Array<{ period: RemovalPeriod; label: string }>; enabled: boolean; reset: LabButton };
  removes: LabButton[];
}

export interface LabMembershipView {
  membership: LabMembership;
  facts: LabFact[];
  actions: LabButton[];
}

export interface LabProgress {
  state: 'idle' | 'running' | 'done' | 'failed';
  caption: string;
}

export interface LabView {
  progress: LabProgress;
  busy: boolean;
  /** Finding can be asked now; a membership only once a group is found (its name given). */
  finders: { enabled: boolean; membershipGroup: LabGroup | null };
  user: LabUserView | null;
  group: LabGroupView | null;
  membership: LabMembershipView | null;
  everything: LabButton[];
  toggles: LabButton[];
  confirmation: { header: string; question: string; confirmLabel: string } | null;
}

const yesNo = (value: boolean) => (value ? 'yes' : 'no');
const day = (at: string | null) => (at ? at.slice(0, 10) : '—');

function progressOf(snapshot: LabSnapshot): LabProgress {
  const { context } = snapshot;
  if (snapshot.hasTag('busy')) return { state: 'running', caption: LAB_TEXTS.running };
  if (snapshot.matches({ ready: 'failed' })) return { state: 'failed', caption: context.failure ?? '' };
  if (snapshot.matches({ ready: 'done' }) && context.action) return { state: 'done', caption: labDoneText(context.action, context.subject) };
  if (snapshot.matches({ ready: 'found' }) && context.foundLast) {
    const { user, group, membership } = context.targets;
    const names = { user: user?.name, group: group?.name, membership: membership?.member?.name ?? String(membership?.member_id) };
    return { state: 'done', caption: LAB_TEXTS.found(names[context.foundLast] ?? '') };
  }
  return { state: 'idle', caption: LAB_TEXTS.idle };
}

export function labViewOf(snapshot: LabSnapshot): LabView {
  const { context } = snapshot;
  const { user, group, membership } = context.targets;
  /** A button for an action the records found allow (left out otherwise), enabled when it can be asked now. */
  const offer = (label: string, action: LabAction, extra: Partial<LabButton> = {}): LabButton[] =>
    labActionAvailable(action, context) ? [{ label, action, enabled: snapshot.can({ type: 'lab.run', action }), ...extra }] : [];
  /** A choice among values: every value shown, the current one pressed, the others enabled when they can be asked now. */
  const choice = (label: string, action: LabAction, pressed: boolean): LabButton => ({
    label,
    action,
    pressed,
    enabled: !pressed && snapshot.can({ type: 'lab.run', action }),
  });

  const userView = user && {
    user,
    facts: [
      { label: 'Id', value: String(user.id) },
      { label: 'Email', value: user.email ?? '—' },
      { label: 'Username', value: user.fb_username ?? '—' },
      { label: 'Profile id', value: user.fb_user_id ?? '—' },
      { label: 'Supervisor', value: yesNo(user.is_supervisor) },
      { label: 'Banned', value: yesNo(user.is_banned) },
    ],
    actions: [
      ...offer(LAB_TEXTS.userChanges.remove_username, { name: 'update_user', settings: { remove_username: true } }),
      ...offer(LAB_TEXTS.userChanges.remove_profile_id, { name: 'update_user', settings: { remove_profile_id: true } }),
      ...offer(LAB_TEXTS.userChanges.grant_supervisor, { name: 'update_user', settings: { is_supervisor: true } }),
      ...offer(LAB_TEXTS.userChanges.revoke_supervisor, { name: 'update_user', settings: { is_supervisor: false } }),
      ...offer(LAB_TEXTS.userChanges.ban, { name: 'update_user', settings: { is_banned: true } }),
      ...offer(LAB_TEXTS.userChanges.unban, { name: 'update_user', settings: { is_banned: false } }),
      ...offer(LAB_TEXTS.removeUser, { name: 'remove_user', settings: {} }, { danger: true }),
    ],
  };

  const groupView = group && {
    group,
    facts: [
      { label: 'Id', value: String(group.id) },
      { label: 'Network id', value: group.fb_group_id },
      { label: 'Plan', value: group.subscribed_plan },
      { label: 'Locked', value: yesNo(group.is_locked) },
      { label: 'Subscription', value: group.subscription_status ?? '—' },
      { label: 'Subscribed from', value: day(group.subscribed_from_at) },
      { label: 'Ends', value: day(group.subscription_ends_at) },
    ],
    plans: LAB_PLANS.map((plan) =>
      choice(LAB_TEXTS.plans[plan], { name: 'update_group', settings: { subscribed_plan: plan } }, group.subscribed_plan === plan),
    ),
    lock: group.is_locked
      ? offer(LAB_TEXTS.unlock, { name: 'update_group', settings: { is_locked: false } })[0]!
      : offer(LAB_TEXTS.lock, { name: 'update_group', settings: { is_locked: true } })[0]!,
    subscribedFromEnabled: snapshot.can({ type: 'lab.run', action: { name: 'update_group', settings: { subscribed_from: '2000-01-01' } } }),
    statuses: LAB_SUBSCRIPTION_STATUSES.map((status) =>
      choice(status, { name: 'update_subscription', settings: { status } }, group.subscription_status === status),
    ),
    ends: LAB_DAYS_LEFT.flatMap((days) => offer(LAB_TEXTS.daysLeft(days), { name: 'update_subscription', settings: { days_left: days } })),
    subscription: [
      ...offer(LAB_TEXTS.syncSubscription, { name: 'sync_subscription_fields', settings: {} }),
      ...offer(LAB_TEXTS.removeSubscription, { name: 'remove_subscription', settings: {} }, { danger: true }),
    ],
    fakes: [
      ...offer(LAB_TEXTS.fakeMembers, { name: 'fake_members', settings: { count: LAB_FAKE_COUNTS.members, is_banned: false } }),
      ...offer(LAB_TEXTS.fakeDeactivated, { name: 'fake_members', settings: { count: LAB_FAKE_COUNTS.deactivatedMembers, is_banned: true } }),
      ...offer(LAB_TEXTS.fakePosts, { name: 'fake_posts', settings: { count: LAB_FAKE_COUNTS.posts } }),
      ...offer(LAB_TEXTS.fakeReactions, { name: 'fake_reactions', settings: { count: LAB_FAKE_COUNTS.reactions } }),
      ...offer(LAB_TEXTS.fakeComments, { name: 'fake_comments', settings: { count: LAB_FAKE_COUNTS.comments } }),
      ...offer(LAB_TEXTS.createMember, { name: 'create_random_member', settings: {} }),
    ],
    metrics: {
      days: LAB_METRICS_DAYS,
      enabled: snapshot.can({ type: 'lab.run', action: { name: 'fake_metrics', settings: { days: LAB_METRICS_DAYS[0], reverse: false } } }),
    },
    removals: {
      periods: REMOVAL_PERIODS.map((period) => ({ period, label: LAB_TEXTS.periods[period] })),
      enabled: snapshot.can({ type: 'lab.run', action: { name: 'members_removal', settings: { count: 1, period: 'day' } } }),
      reset: offer(LAB_TEXTS.resetRemovals, { name: 'members_removal_reset', settings: {} })[0]!,
    },
    removes: [
      ...offer(LAB_TEXTS.removePosts, { name: 'remove_posts', settings: {} }, { danger: true }),
      ...offer(LAB_TEXTS.removeEngagements, { name: 'remove_engagements', settings: {} }, { danger: true }),
      ...offer(LAB_TEXTS.removeMetrics, { name: 'remove_metrics', settings: {} }, { danger: true }),
      ...(['subscriber', 'admin', 'any'] as const).flatMap((role) =>
        offer(LAB_TEXTS.removeMembers[role], { name: 'remove_members', settings: { role } }, { danger: true }),
      ),
      ...offer(LAB_TEXTS.removeGroup, { name: 'remove_group', settings: {} }, { danger: true }),
    ],
  };

  const membershipView = membership && {
    membership,
    facts: [
      { label: 'Member', value: membership.member?.name ?? String(membership.member_id) },
      { label: 'Member id', value: String(membership.member_id) },
      { label: 'Role', value: membership.role },
      { label: 'Holds the group', value: yesNo(membership.is_group_holder) },
    ],
    actions: [
      ...offer(LAB_TEXTS.setRole.subscriber, { name: 'update_membership', settings: { role: 'subscriber' } }),
      ...offer(LAB_TEXTS.setRole.admin, { name: 'update_membership', settings: { role: 'admin' } }),
      ...offer(LAB_TEXTS.removeMembership, { name: 'remove_membership', settings: {} }, { danger: true }),
    ],
  };

  const toggles = (Object.keys(LAB_TEXTS.toggleNames) as LabToggleName[]).flatMap((name): LabButton[] => {
    const value = context.toggles[name];
    if (value === null) return [];
    const action: LabAction = { name: 'set_toggle', settings: { name, value: !value } };
    return [{ label: LAB_TEXTS.toggleNames[name], action, pressed: value, enabled: snapshot.can({ type: 'lab.run', action }) }];
  });

  const truncation = snapshot.matches('confirming') && context.action && isTruncation(context.action) ? context.action.name : null;
  return {
    progress: progressOf(snapshot),
    busy: snapshot.hasTag('busy'),
    finders: { enabled: snapshot.matches('ready'), membershipGroup: group },
    user: userView,
    group: groupView,
    membership: membershipView,
    everything: [
      ...offer(LAB_TEXTS.createUser, { name: 'create_random_user', settings: {} }),
      ...offer(LAB_TEXTS.createGroup, { name: 'create_random_group', settings: {} }),
      ...(user ? offer(LAB_TEXTS.createGroupHeldBy(user.name), { name: 'create_random_group', settings: { user_id: user.id } }) : []),
      ...(['remove_all_users', 'remove_all_groups', 'remove_all_members'] as const).flatMap((name) =>
        offer(LAB_TEXTS.truncate[name], { name, settings: {} }, { danger: true }),
      ),
    ],
    toggles,
    confirmation: truncation && { header: LAB_TEXTS.truncate[truncation], question: LAB_TEXTS.truncateQuestion[truncation], confirmLabel: LAB_TEXTS.truncate[truncation] },
  };
}
