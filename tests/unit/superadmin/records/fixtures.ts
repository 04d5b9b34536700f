import type { components } from '../../../../src/api/schema';
import { removalLimitsFixture } from '../../../../src/app/shell/fixtures';
import { adminUser, groupFixture, monthlyGroup, supervisorUser, userFixture } from '../../support/sessionFixtures';

type Schemas = components['schemas'];

const AT = '2024-03-04T09:15:00.000Z';

export function memberFixture(overrides: Partial<Schemas['Member']> = {}): Schemas['Member'] {
  return {
    id: 501,
    fb_user_id: adminUser.fb_user_id,
    fb_username: 'ada.admin',
    name: 'Ada Admin',
    avatar_url: null,
    bio: null,
    created_at: AT,
    updated_at: AT,
    last_activity_at: '2024-05-01T12:00:00.000Z',
    posts_count: 12,
    comments_count: 30,
    reactions_count: 140,
    paid: 0,
    role: 'admin',
    is_removed: false,
    is_whitelisted: false,
    is_banned: false,
    subscription: null,
    subscription_status: null,
    ...overrides,
  };
}

export const adaMember = memberFixture();
export const orphanMember = memberFixture({ id: 502, fb_user_id: null, fb_username: null, name: 'Quiet Quentin', role: 'subscriber' });

export const annualGroup = groupFixture({ id: 4, fb_group_id: '4401234567890123', name: 'Trail Runners Worldwide', subscribed_plan: 'annual', subscription_status: 'active' });

const membership = (group: Schemas['Group']): Schemas['MembershipDetail'] => ({
  group: { id: group.id, fb_group_id: group.fb_group_id, name: group.name, avatar_url: null, subscribed_plan: group.subscribed_plan },
  role: 'admin',
  is_removed: false,
  is_whitelisted: false,
  posts_count: 4,
  comments_count: 9,
  reactions_count: 20,
  last_activity_at: null,
});

const summaryOf = (user: Schemas['User']): Schemas['UserSummary'] => ({
  id: user.id,
  name: user.name,
  avatar_url: user.avatar_url,
  fb_user_id: user.fb_user_id,
  email: user.email,
});

export const adaMemberProfile: Schemas['SupervisorMemberProfile'] = {
  member: adaMember,
  memberships: [membership(monthlyGroup), membership(annualGroup)],
  user: summaryOf(adminUser),
};

export const adaUserProfile: Schemas['SupervisorUserProfile'] = {
  user: adminUser,
  member: { id: adaMember.id, name: adaMember.name, avatar_url: null, fb_user_id: adaMember.fb_user_id },
  memberships: adaMemberProfile.memberships,
};

export const annualGroupProfile: Schemas['SupervisorGroupProfile'] = {
  group: annualGroup,
  admins: [{ id: adaMember.id, name: adaMember.name, avatar_url: null, fb_user_id: adaMember.fb_user_id }],
  users: [summaryOf(adminUser)],
  counts: { active: 1200, inactive: 40, whitelisted: 3, removed: 17, posts: 88, customers: 0 },
  removal_limits: removalLimitsFixture(37),
};

export const otto = userFixture({ id: 11, first_name: 'Otto', last_name: 'Owner', name: 'Otto Owner', email: 'otto.owner@example.com', fb_user_id: '100200300499' });

export { adminUser, supervisorUser };
