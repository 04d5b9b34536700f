import type { components } from '../../../src/api/schema';
import { groupFixture as shellGroupFixture, userFixture as shellUserFixture } from '../../../src/app/shell/fixtures';

type User = components['schemas']['User'];
type Group = components['schemas']['Group'];
type Status = components['schemas']['Status'];

const CREATED_AT = '2024-03-04T09:15:00.000Z';

/** Ada Admin, on top of the shell's user fixture, so every test names the same sandbox people. */
export function userFixture(overrides: Partial<User> = {}): User {
  return shellUserFixture({
    id: 7,
    fb_auth_user_id: '900100200300',
    fb_user_id: '100200300400',
    fb_username: 'ada.admin',
    email: 'ada.admin@example.com',
    first_name: 'Ada',
    last_name: 'Admin',
    name: 'Ada Admin',
    created_at: CREATED_AT,
    updated_at: CREATED_AT,
    ...overrides,
  });
}

export const adminUser = userFixture();
export const supervisorUser = userFixture({ id: 8, first_name: 'Sam', last_name: 'Supervisor', name: 'Sam Supervisor', email: 'sam.supervisor@example.com', is_supervisor: true });
export const bannedUser = userFixture({ id: 9, first_name: 'Bella', last_name: 'Banned', name: 'Bella Banned', email: 'bella.banned@example.com', is_banned: true });
export const newcomerUser = userFixture({
  id: 10,
  first_name: 'Nora',
  last_name: 'Newcomer',
  name: 'Nora Newcomer',
  email: 'nora.newcomer@example.com',
  flags: { ...adminUser.flags, onboarding_completed: false, welcome_page_seen: false },
});

/** Ada's free group, on top of the shell's group fixture. */
export function groupFixture(overrides: Partial<Group> = {}): Group {
  return shellGroupFixture({
    fb_slug: 'backyard-beekeepers',
    name: 'Backyard Beekeepers Circle',
    created_at: CREATED_AT,
    updated_at: CREATED_AT,
    ...overrides,
  });
}

export const freeGroup = groupFixture();
export const monthlyGroup = groupFixture({
  id: 2,
  fb_group_id: '2208871530044102',
  name: 'Vintage Film Camera Swap',
  subscribed_plan: 'monthly',
  subscription_status: 'active',
});
export const lockedGroup = groupFixture({
  id: 3,
  fb_group_id: '3310098246617303',
  name: 'Sourdough Bakers Support',
  subscribed_plan: 'monthly',
  subscription_status: 'past_due',
  is_locked: true,
});

export function statusFixture(overrides: Partial<Status> = {}): Status {
  return {
    app_version: '0.1.0',
    robot_version: '2.4.0',
    robot_outdated: null,
    sandbox: true,
    features: { login_disabled: false, lab: true, single_sign_on: true, affiliates_enabled: true },
    companion_url: null,
    payment_public_key: null,
    sandbox_toggles: { extension_connected: true, payment_provider_blocked: false },
    ...overrides,
  };
}
