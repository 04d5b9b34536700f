import { answering, childEnding, type MachineStories, type StoryStep } from '../../../.storybook/machineStories';
import { createApiClient } from '../../api/client';
import type { Robot } from '../../robot/protocol';
import type { ScanJob } from '../../../machines/onboarding/actors';
import { onboardingMachine } from '../../../machines/onboarding/machine';
import type { OnboardingSnapshot } from '../../../machines/onboarding/selectors';
import { scanMachine } from '../../../machines/onboarding/scan';
import { ONBOARDING_STEPS, type RobotStatus } from '../../../machines/onboarding/steps';
import {
  bookClubGroup,
  COMPLETION_ANSWERS,
  CONFIRM_OWNERSHIP_ANSWERS,
  disconnectedRobot,
  installedRobot,
  missingRobot,
  outdatedRobot,
  SCAN_ANSWERS,
  SCAN_RESULTS,
} from './fixtures';

/** Nothing is called: the fixtures answer for the server and the robot. */
const storyInput = {
  api: createApiClient({ baseUrl: 'http://api.invalid/api/v1', fetch: () => Promise.reject(new Error('the fixtures answer every call')) }),
  robot: {} as Robot,
};

const crashed = (src: string) => ({ crashed: { error: new Error(`${src} crashed`) } });

/** The robot's scan of a job ending as named. */
const scanEnding = (answer: keyof typeof SCAN_ANSWERS): StoryStep[] => [{ type: 'xstate.done.actor.runScan', outcome: answer }];

const ROBOT_PRESENCE_NAMES: Record<RobotStatus['presence'], string> = {
  ready: 'Installed',
  outdated: 'Out of date',
  notInstalled: 'Not installed',
  disconnected: 'Disconnected',
};

/** What tells apart two states of the wizard with the same value, as the step on screen shows them. */
function onboardingVariant(snapshot: OnboardingSnapshot): string {
  const { robot, groups, chosenGroup, completion } = snapshot.context.progress;
  if (snapshot.matches({ wizard: { extension: 'showingStatus' } })) return robot ? ROBOT_PRESENCE_NAMES[robot.presence] : '';
  if (snapshot.matches({ wizard: { groups: 'scanned' } }) || snapshot.matches({ wizard: 'choose' })) {
    const found = groups?.length === 0 ? 'None found' : groups?.every((group) => group.role !== 'admin') ? 'Only subscriber' : '';
    const chosen = snapshot.matches({ wizard: 'choose' }) ? (chosenGroup ? 'Chosen' : 'Nothing chosen') : '';
    return `${found} ${chosen}`.trim();
  }
  if (snapshot.matches({ wizard: { complete: 'saved' } })) return completion?.isApiAdmin ? 'Holding the group' : 'Without holding the group';
  return '';
}

/**
 * The onboarding wizard's reachable states for the stories: the robot, the server and the child
 * statecharts (each scan, confirming ownership) answer from the fixtures the model tests use.
 * Finishing leaves the wizard for another page, so the stories stop at Onboarding Complete.
 */
export const onboardingStories: MachineStories<typeof onboardingMachine> = {
  machine: onboardingMachine,
  input: { ...storyInput, savedRoute: null },
  events: [
    ...ONBOARDING_STEPS.map((step) => ({ type: 'wizard.open' as const, step })),
    { type: 'wizard.next' },
    { type: 'wizard.back' },
    { type: 'extension.check' },
    { type: 'groups.rescan' },
    { type: 'group.choose', groupId: bookClubGroup.id },
    { type: 'step.retry' },
  ],
  outcomes: {
    checkRobot: answering({ installed: installedRobot, missing: missingRobot, outdated: outdatedRobot, disconnected: disconnectedRobot }),
    groupsScan: {
      found: childEnding(SCAN_RESULTS.groups, scanEnding('groupsFound')),
      noneFound: childEnding(SCAN_ANSWERS.noGroupsFound.result, scanEnding('noGroupsFound')),
      onlySubscriber: childEnding(SCAN_ANSWERS.onlySubscriberGroupFound.result, scanEnding('onlySubscriberGroupFound')),
    },
    confirmOwnership: {
      acquired: childEnding('acquired', [
        { type: 'xstate.done.actor.fetchOwners', outcome: 'free' },
        { type: 'xstate.done.actor.scanAdmins', outcome: 'freeScannedAdmin' },
        { type: 'ownership.acquire' },
        { type: 'xstate.done.actor.acquireGroup', outcome: 'acquired' },
      ]),
    },
    membersScan: { scanned: childEnding(SCAN_RESULTS.members, scanEnding('membersScanned')) },
    engagementsScan: { scanned: childEnding(SCAN_RESULTS.engagements, scanEnding('postsScanned')) },
    completeOnboarding: answering(COMPLETION_ANSWERS),
  },
  children: {
    scan: { runScan: answering(SCAN_ANSWERS) },
    confirmOwnership: {
      fetchOwners: answering(CONFIRM_OWNERSHIP_ANSWERS.fetchOwners),
      scanAdmins: answering(CONFIRM_OWNERSHIP_ANSWERS.scanAdmins),
      acquireGroup: answering(CONFIRM_OWNERSHIP_ANSWERS.acquireGroup),
    },
  },
  distinguishingContext: (snapshot) => onboardingVariant(snapshot) || undefined,
  variant: onboardingVariant,
};

/** The answers a scan of the job can end with. */
const SCAN_ENDINGS: Record<ScanJob['kind'], Array<keyof typeof SCAN_ANSWERS>> = {
  groups: ['groupsFound', 'notInstalled', 'disconnected', 'failed'],
  members: ['membersScanned', 'outdated'],
  engagements: ['postsScanned', 'aborted'],
};

const SCAN_PROGRESS = {
  groups: { command: 'fetch_user_groups', groupId: null, done: 3, total: 4 },
  members: { command: 'fetch_group_members', groupId: bookClubGroup.id, done: 512, total: 1284 },
  engagements: { command: 'fetch_group_posts', groupId: bookClubGroup.id, done: 4, total: 10 },
} as const;

/** One scan's reachable states for the stories: the robot reports progress, then answers from the fixtures. */
function scanStories(job: ScanJob): MachineStories<typeof scanMachine> {
  return {
    machine: scanMachine,
    input: { robot: storyInput.robot, job },
    events: [{ type: 'robot.progress', progress: SCAN_PROGRESS[job.kind] }, { type: 'scan.retry' }],
    outcomes: {
      runScan: {
        ...Object.fromEntries(SCAN_ENDINGS[job.kind].map((name) => [name, { output: SCAN_ANSWERS[name] }])),
        ...crashed('runScan'),
      },
    },
    distinguishingContext: (snapshot) => {
      const { progress, failure } = snapshot.context;
      if (snapshot.matches('failed')) return { failure: failure?.source === 'robot' ? failure.code : failure?.source };
      return snapshot.matches('scanning') && progress ? { progress: true } : undefined;
    },
    variant: (snapshot) => {
      const { progress, failure } = snapshot.context;
      if (snapshot.matches('failed')) return failure?.source === 'robot' ? `Robot ${failure.code}` : 'Unexpectedly';
      return snapshot.matches('scanning') && progress ? 'With progress' : '';
    },
  };
}

export const groupsScanStories = scanStories({ kind: 'groups' });
export const membersScanStories = scanStories({ kind: 'members', group: bookClubGroup });
export const engagementsScanStories = scanStories({ kind: 'engagements', group: bookClubGroup });
