import type { FindAnswer, LabGroup, LabMembership, LabUser, RunAnswer } from '../../../machines/lab/actors';
import type { LabToggles } from '../../../machines/lab/machine';

/** A user the supervisor looks up: not a supervisor, not banned, with a username and a profile id. */
export const USER: LabUser = {
  id: 12,
  name: 'Una Tester',
  email: 'una.tester@example.com',
  fb_username: 'una.tester',
  fb_user_id: '100000000000012',
  is_supervisor: false,
  is_banned: false,
};
export const BANNED_USER: LabUser = { ...USER, is_banned: true };
/** What create_random_user made. */
export const RANDOM_USER: LabUser = {
  id: 90,
  name: 'Rafe Random',
  email: 'rafe.random@example.com',
  fb_username: null,
  fb_user_id: null,
  is_supervisor: false,
  is_banned: false,
};

/** The group open in the sidebar: monthly, active, not locked. */
export const GROUP: LabGroup = {
  id: 3,
  name: 'Vintage Film Camera Swap',
  fb_group_id: '1000000000000003',
  subscribed_plan: 'monthly',
  subscription_status: 'active',
  subscribed_from_at: '2024-03-01T00:00:00.000Z',
  subscription_ends_at: '2025-04-01T00:00:00.000Z',
  is_locked: false,
};

export const MEMBERSHIP: LabMembership = {
  role: 'subscriber',
  is_group_holder: false,
  member_id: 40,
  group_id: GROUP.id,
  member: { id: 40, name: 'Cal Subscriber', avatar_url: null, fb_user_id: '100000000000040' },
};
export const ADMIN_MEMBERSHIP: LabMembership = { ...MEMBERSHIP, role: 'admin' };

/** A sandbox server: every switch exists. */
export const TOGGLES: LabToggles = { extension_connected: true, payment_provider_blocked: false, login_disabled: false };

export const NOT_FOUND = 'Not found';

export const LAB_ANSWERS = {
  findTarget: {
    user: { kind: 'found', found: { target: 'user', user: USER } },
    group: { kind: 'found', found: { target: 'group', group: GROUP } },
    membership: { kind: 'found', found: { target: 'membership', membership: MEMBERSHIP } },
    notFound: { kind: 'failed', message: NOT_FOUND },
  } satisfies Record<string, FindAnswer>,
  runAction: {
    /** Nothing the lab had found changed (faked data, a switch). */
    done: { kind: 'done', refreshed: {} },
    banned: { kind: 'done', refreshed: { user: BANNED_USER } },
    unbanned: { kind: 'done', refreshed: { user: USER } },
    madeAdmin: { kind: 'done', refreshed: { membership: ADMIN_MEMBERSHIP } },
    /** The group is gone, and its membership with it. */
    groupRemoved: { kind: 'done', refreshed: { group: null, membership: null } },
    userCreated: { kind: 'done', refreshed: { user: RANDOM_USER } },
    /** Every user but the supervisor is gone, the one found among them. */
    usersTruncated: { kind: 'done', refreshed: { user: null } },
    refused: { kind: 'failed', message: 'The server answered with HTTP 500.' },
  } satisfies Record<string, RunAnswer>,
};
