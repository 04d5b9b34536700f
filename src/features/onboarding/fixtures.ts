import type { OnboardingGroup } from '../../../machines/onboarding/onboardingGroups';
import { NO_PROGRESS, type OnboardingProgress, type OnboardingStep, type RobotStatus } from '../../../machines/onboarding/steps';
import type { AcquireAnswer, OnboardingPermission, OwnersAnswer } from '../../../machines/confirmOwnership/actors';

/** Groups as the robot finds them for a new admin, for stories and tests. */
export const bookClubGroup: OnboardingGroup = {
  id: 41,
  fb_group_id: '2203344556677001',
  fb_slug: 'riverside-book-club',
  name: 'Riverside Book Club',
  avatar_url: null,
  role: 'admin',
  is_acquired: false,
};

export const gameDevGroup: OnboardingGroup = {
  id: 42,
  fb_group_id: '2203344556677002',
  fb_slug: 'indie-game-devs',
  name: 'Indie Game Devs Meetup',
  avatar_url: null,
  role: 'admin',
  is_acquired: false,
};

export const hikingGroup: OnboardingGroup = {
  id: 43,
  fb_group_id: '2203344556677003',
  fb_slug: null,
  name: 'Weekend Hiking Crew',
  avatar_url: null,
  role: 'subscriber',
  is_acquired: false,
};

export const foundGroups: OnboardingGroup[] = [hikingGroup, bookClubGroup, gameDevGroup];

export const USER_FLAGS = {
  connects_is_enabled: true,
  onboarding_completed: true,
  welcome_page_seen: true,
  robot_training: false,
  count_share_facebook_referral: 0,
};

export const installedRobot: RobotStatus = { presence: 'ready', robotVersion: '2.5.0', extensionVersion: '1.8.2' };
export const missingRobot: RobotStatus = { presence: 'notInstalled', robotVersion: null, extensionVersion: null };

const groupsReached: OnboardingProgress = { ...NO_PROGRESS, robot: installedRobot };
const chooseReached: OnboardingProgress = { ...groupsReached, groups: foundGroups };
const ownershipReached: OnboardingProgress = { ...chooseReached, chosenGroup: bookClubGroup };
const membersReached: OnboardingProgress = { ...ownershipReached, ownership: 'acquired' };
const engagementsReached: OnboardingProgress = { ...membersReached, membersScan: { members: 1284 } };

/** Progress as far as the named step: every step before it complete. */
export const progressUpTo: Record<OnboardingStep, OnboardingProgress> = {
  extension: NO_PROGRESS,
  groups: groupsReached,
  choose: chooseReached,
  ownership: ownershipReached,
  members: membersReached,
  engagements: engagementsReached,
  complete: { ...engagementsReached, engagementsScan: { posts: 10 } },
};

export const everyStepDone: OnboardingProgress = {
  ...progressUpTo.complete,
  completion: { isApiAdmin: true, flags: USER_FLAGS },
};

export function permissionFixture(overrides: Partial<OnboardingPermission> = {}): OnboardingPermission {
  return {
    group_id: bookClubGroup.id,
    fb_group_id: bookClubGroup.fb_group_id,
    role: 'admin',
    admins: [],
    is_acquired: false,
    ...overrides,
  };
}

export const ottoAdmin = { id: 301, name: 'Otto Owner', avatar_url: null, fb_user_id: '100000000000301' };

const answered = (overrides: Partial<OnboardingPermission>): OwnersAnswer => ({ kind: 'answered', permission: permissionFixture(overrides) });

/** Who holds the Book Club group, as the server or the robot's scan of its admins answers. */
const ownersAnswers = {
  held: answered({ is_acquired: true, role: 'admin' }),
  heldByOtto: answered({ is_acquired: true, role: null, admins: [ottoAdmin] }),
};

/** How the confirm-ownership actors answer, by name: the stories and the model tests use these. */
export const CONFIRM_OWNERSHIP_ANSWERS = {
  fetchOwners: {
    ...ownersAnswers,
    free: answered({ is_acquired: false, role: null }),
    failed: { kind: 'failed', failure: { source: 'server', message: 'The server answered with HTTP 502.' } },
  } satisfies Record<string, OwnersAnswer>,
  scanAdmins: {
    ...ownersAnswers,
    freeScannedAdmin: answered({ is_acquired: false, role: 'admin' }),
    freeScannedSubscriber: answered({ is_acquired: false, role: 'subscriber' }),
    freeNotFoundAmongAdmins: answered({ is_acquired: false, role: null }),
    failed: { kind: 'failed', failure: { source: 'robot', code: 'disconnected', message: 'The robot stopped answering.' } },
  } satisfies Record<string, OwnersAnswer>,
  acquireGroup: {
    acquired: { kind: 'acquired' },
    refused: { kind: 'refused' },
    failed: { kind: 'failed', failure: { source: 'server', message: 'The server did not answer.' } },
  } satisfies Record<string, AcquireAnswer>,
};
