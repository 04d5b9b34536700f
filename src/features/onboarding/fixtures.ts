import type { OnboardingGroup } from '../../../machines/onboarding/onboardingGroups';
import { NO_PROGRESS, type OnboardingProgress, type OnboardingStep, type RobotStatus } from '../../../machines/onboarding/steps';
import type { AcquireAnswer, OnboardingPermission, OwnersAnswer } from '../../../machines/confirmOwnership/actors';
import type { CompletionSave, ScanJob, ScanOutcome, ScanResult } from '../../../machines/onboarding/actors';

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
export const outdatedRobot: RobotStatus = { ...installedRobot, presence: 'outdated' };
export const disconnectedRobot: RobotStatus = { ...missingRobot, presence: 'disconnected' };

/** What each onboarding scan finds for the Book Club's admin. */
export const SCAN_RESULTS = {
  groups: { kind: 'groups', groups: foundGroups },
  members: { kind: 'members', members: 1284 },
  engagements: { kind: 'engagements', posts: 10 },
} satisfies { [Kind in ScanJob['kind']]: Extract<ScanResult, { kind: Kind }> };

const robotFailed = (code: 'not_installed' | 'disconnected' | 'outdated' | 'failed' | 'aborted', message: string): ScanOutcome => ({
  kind: 'failed',
  failure: { source: 'robot', code, message },
});

/** How a scan's robot command ends, by name: the stories and the model tests use these. */
export const SCAN_ANSWERS = {
  groupsFound: { kind: 'scanned', result: SCAN_RESULTS.groups },
  noGroupsFound: { kind: 'scanned', result: { kind: 'groups', groups: [] } },
  onlySubscriberGroupFound: { kind: 'scanned', result: { kind: 'groups', groups: [hikingGroup] } },
  membersScanned: { kind: 'scanned', result: SCAN_RESULTS.members },
  postsScanned: { kind: 'scanned', result: SCAN_RESULTS.engagements },
  notInstalled: robotFailed('not_installed', 'No extension answered.'),
  disconnected: robotFailed('disconnected', 'The robot stopped answering.'),
  outdated: robotFailed('outdated', 'Robot 2.1 is too old.'),
  failed: robotFailed('failed', 'The groups page did not load.'),
  aborted: robotFailed('aborted', 'Stopped.'),
} satisfies Record<string, ScanOutcome>;

/** How saving the onboarding ends, by name. */
export const COMPLETION_ANSWERS = {
  savedHoldingTheGroup: { kind: 'saved', flags: USER_FLAGS, isApiAdmin: true },
  savedWithoutHoldingTheGroup: { kind: 'saved', flags: USER_FLAGS, isApiAdmin: false },
  failed: { kind: 'failed', failure: { source: 'server', message: 'The server answered with HTTP 502.' } },
} satisfies Record<string, CompletionSave>;

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
    role: 'admin',
    admins: [],
    is_acquired: false,
    ...overrides,
  };
}

export const ottoAdmin = { name: 'Otto Owner', avatar_url: null };

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
