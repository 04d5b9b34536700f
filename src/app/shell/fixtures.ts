import type { components } from '../../api/schema';
import type { RobotJobsLookup, ScheduledJob, ScheduledRunPreparation } from '../../../machines/robot/actors';
import type { RobotEvent } from '../../../machines/robot/machine';
import { NO_WEEKDAYS } from '../../../rules/schedule';
import type { ExtensionJob, RobotIdentity } from '../../robot/protocol';
import type { Group, RobotIndicator, ShellFeatures, User } from './types';

type RemovalLimits = components['schemas']['RemovalLimits'];

const CREATED_AT = '2024-03-04T09:15:00.000Z';

export function removalLimitsFixture(freeLeft: number, freeLimit = 50): RemovalLimits {
  return {
    current: { limit: 100, left: 100, spent: 0 },
    daily: { limit: 100, left: 100, spent: 0 },
    weekly: { limit: 500, left: 500, spent: 0 },
    free: { limit: freeLimit, left: freeLeft, spent: freeLimit - freeLeft },
    reset_at: '2024-06-01T00:00:00.000Z',
    seconds_till_reset: 3600,
  };
}

export function groupFixture(overrides: Partial<Group> = {}): Group {
  return {
    id: 1,
    fb_group_id: '1402385749123001',
    fb_slug: 'trail-runners-club',
    name: 'Trail Runners Club',
    avatar_url: null,
    subscribed_plan: 'free',
    subscription_status: null,
    subscribed_from_at: null,
    subscription_ends_at: null,
    trial_ends_at: null,
    stripe_subscription_id: null,
    is_locked: false,
    is_orphaned: false,
    is_manual_subscription: false,
    data_removal_at: null,
    created_at: CREATED_AT,
    updated_at: CREATED_AT,
    flags: { checkbox_payment_terms_accept: false, count_payment_error: 0 },
    removal_limits: removalLimitsFixture(37),
    ...overrides,
  };
}

function paid(plan: 'monthly' | 'annual' | 'once'): Partial<Group> {
  return {
    subscribed_plan: plan,
    subscription_status: plan === 'once' ? null : 'active',
    subscribed_from_at: CREATED_AT,
    stripe_subscription_id: plan === 'once' ? null : `sub_${plan}_fixture`,
  };
}

export const freeGroup = groupFixture();

export const monthlyGroup = groupFixture({
  id: 2,
  fb_group_id: '2208871530044102',
  fb_slug: 'sourdough-bakers',
  name: 'Sourdough Bakers United',
  ...paid('monthly'),
});

export const annualGroup = groupFixture({
  id: 3,
  fb_group_id: '3310098246617303',
  fb_slug: null,
  name: 'Vintage Synth Collectors',
  ...paid('annual'),
});

export const lifetimeGroup = groupFixture({
  id: 4,
  fb_group_id: '4456120987701204',
  fb_slug: 'urban-gardening-berlin',
  name: 'Urban Gardening Berlin',
  ...paid('once'),
});

export const lockedGroup = groupFixture({
  id: 5,
  fb_group_id: '5590213348810505',
  fb_slug: 'indie-game-devs',
  name: 'Indie Game Devs',
  ...paid('monthly'),
  subscription_status: 'past_due',
  is_locked: true,
});

export const orphanedGroup = groupFixture({
  id: 6,
  fb_group_id: '6671234509988106',
  fb_slug: 'weekend-birdwatchers',
  name: 'Weekend Birdwatchers',
  is_orphaned: true,
  removal_limits: removalLimitsFixture(2),
});

export const almostSpentFreeGroup = groupFixture({
  id: 7,
  fb_group_id: '7702349911203307',
  fb_slug: 'rescue-dogs-adoption',
  name: 'Rescue Dogs Adoption Network',
  removal_limits: removalLimitsFixture(4),
});

export const allGroups: Group[] = [
  freeGroup,
  monthlyGroup,
  annualGroup,
  lifetimeGroup,
  lockedGroup,
  orphanedGroup,
  almostSpentFreeGroup,
];

export function userFixture(overrides: Partial<User> = {}): User {
  return {
    id: 11,
    fb_auth_user_id: '880011223344',
    fb_user_id: '100004455667788',
    fb_username: 'maria.keller',
    email: 'maria.keller@example.com',
    first_name: 'Maria',
    last_name: 'Keller',
    name: 'Maria Keller',
    avatar_url: null,
    is_supervisor: false,
    is_banned: false,
    created_at: CREATED_AT,
    updated_at: CREATED_AT,
    card_exists: false,
    card_brand: null,
    card_last4: null,
    stripe_customer_id: null,
    tapfiliate_id: null,
    tapfiliate_password: null,
    friendfilter_id: null,
    flags: {
      connects_is_enabled: true,
      onboarding_completed: true,
      welcome_page_seen: true,
      robot_training: false,
      count_share_facebook_referral: 0,
    },
    ...overrides,
  };
}

export const adminUser = userFixture();

export const supervisorUser = userFixture({
  id: 1,
  name: 'Sam Supervisor',
  first_name: 'Sam',
  last_name: 'Supervisor',
  email: 'sam@xfilter.example',
  is_supervisor: true,
});

export const installedRobot: RobotIndicator = { presence: 'ready', version: '2.4.0', nextRun: null };

export const defaultFeatures: ShellFeatures = {
  lab: false,
  singleSignOn: true,
  companionUrl: 'https://friendfilter.example',
  affiliatesEnabled: true,
};

/** The group the robot works on in the robot's stories and model test. */
export const ROBOT_GROUP = { id: freeGroup.id, name: freeGroup.name, fb_group_id: freeGroup.fb_group_id, fb_slug: freeGroup.fb_slug };

export const ROBOT_IDENTITY: RobotIdentity = { user: adminUser, groups: [freeGroup], apiToken: 'token-ada' };

const removalJob: ExtensionJob = {
  id: 31,
  group_id: ROBOT_GROUP.id,
  name: 'remove_group_members',
  status: 'running',
  args: { id: ROBOT_GROUP.id },
  progress: 10,
  total: 30,
  error: null,
  created_at: '2024-06-01T10:00:00.000Z',
  finished_at: null,
};

/** What the extension, the page and the session tell the robot machine, by event type: the stories and the model test use these. */
export const ROBOT_EVENTS: { [Type in RobotEvent['type']]: Array<Extract<RobotEvent, { type: Type }>> } = {
  'robot.detected': [
    { type: 'robot.detected', version: '2.4.0', outdated: false },
    { type: 'robot.detected', version: '1.9.0', outdated: true },
  ],
  'robot.lost': [
    { type: 'robot.lost', reason: 'notInstalled' },
    { type: 'robot.lost', reason: 'disconnected' },
  ],
  'robot.versionReported': [{ type: 'robot.versionReported', version: '2.5.0' }],
  'robot.command.start': [{ type: 'robot.command.start', request: { command: 'fetch_group_members', args: ROBOT_GROUP } }],
  'robot.command.progress': [
    { type: 'robot.command.progress', progress: { command: 'fetch_group_members', groupId: ROBOT_GROUP.id, done: 500, total: 2000 } },
  ],
  'robot.command.done': [{ type: 'robot.command.done', command: 'fetch_group_members' }],
  'robot.command.failed': [
    { type: 'robot.command.failed', command: 'fetch_group_members', code: 'failed', message: 'The members of the group could not be read.' },
  ],
  'session.changed': [
    { type: 'session.changed', identity: ROBOT_IDENTITY },
    { type: 'session.changed', identity: null },
  ],
  'robot.schedule.changed': [{ type: 'robot.schedule.changed' }],
};

/** The robot's clock in its stories and model test: a Monday, an hour after the group's Sync Members completed. */
export const ROBOT_NOW = Date.parse('2024-06-03T10:00:00.000Z');

/** Sync Engagements of the robot's group, run after Sync Members, which completed at 09:00: due now. */
const engagementsAfterMembers: ScheduledJob = {
  group_id: ROBOT_GROUP.id,
  name: 'fetch_group_posts',
  next_run_at: '2024-06-03T09:00:00.000Z',
  config: {
    enabled: true,
    scheduled: 'afterJob',
    everyDay: '12:00:00',
    afterJob: 'fetch_group_members',
    ...NO_WEEKDAYS,
    humanName: 'Sync Engagements',
  },
};

/** How GET /robot/jobs answers, by name. */
export const ROBOT_JOB_LOOKUPS = {
  removing: { kind: 'loaded', jobs: { active: [removalJob], scheduled: [] } },
  none: { kind: 'loaded', jobs: { active: [], scheduled: [] } },
  engagementsDue: { kind: 'loaded', jobs: { active: [], scheduled: [engagementsAfterMembers] } },
  unavailable: { kind: 'unavailable' },
} satisfies Record<string, RobotJobsLookup>;

/** How a due scheduled run gets ready: its command with the group's settings, or the settings could not be read. */
export const SCHEDULED_RUN_PREPARATIONS = {
  ready: {
    kind: 'ready',
    request: {
      command: 'fetch_group_posts',
      args: {
        ...ROBOT_GROUP,
        settings: {
          engagement_sync_lookbehind_by: 'days',
          engagement_sync_days_back: 30,
          engagement_sync_posts_back: 10,
          engagement_sync_reactions_per_post: 100,
          engagement_sync_comments_per_post: 50,
        },
      },
    },
  },
  failed: { kind: 'failed', command: 'fetch_group_posts', message: "The scheduled Sync Engagements did not start: the group's sync settings could not be loaded." },
} satisfies Record<string, ScheduledRunPreparation>;
