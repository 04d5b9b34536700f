import { fromStoppablePromise } from '../stoppablePromise';
import type { ApiClient } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import type { Robot, RobotProgress, RobotState } from '../../src/robot/protocol';
import { ONBOARDING_ENGAGEMENT_SETTINGS } from './engagementSettings';
import { robotGroupArgs, type OnboardingGroup } from './onboardingGroups';
import { answerOf, robotFailureOf, serverFailureOf, type StepFailure } from '../shared/stepFailure';
import type { RobotStatus, StoredOnboardingProgress } from './steps';

export type UserFlags = components['schemas']['UserFlags'];

type Failed = { kind: 'failed'; failure: StepFailure };
export type CompletionSave = { kind: 'saved'; flags: UserFlags; isApiAdmin: boolean } | Failed;

export interface RobotInput {
  robot: Robot;
}

/** The robot's state once it has found out whether it is there. */
function settledState(robot: Robot, signal: AbortSignal): Promise<RobotState> {
  return new Promise((resolve, reject) => {
    let stop = () => {};
    const settle = (state: RobotState) => {
      if (state.presence === 'detecting') return;
      stop();
      resolve(state);
    };
    stop = robot.subscribe(settle);
    signal.addEventListener('abort', () => {
      stop();
      reject(signal.reason);
    });
    settle(robot.getState());
  });
}

/** Asks the robot whether it is installed and which version runs, waiting while it is still detecting. */
export const checkRobot = fromStoppablePromise<RobotStatus, RobotInput>(async ({ input, signal }) => {
  const state = await settledState(input.robot, signal);
  return {
    presence: state.presence as RobotStatus['presence'],
    robotVersion: state.robot_version,
    extensionVersion: state.extension_version ?? null,
  };
});

/** What a scan reads: the groups the user belongs to, or the chosen group's members or recent posts. */
export type ScanJob = { kind: 'groups' } | { kind: 'members'; group: OnboardingGroup } | { kind: 'engagements'; group: OnboardingGroup };

/** What a finished scan found, by the job it did. */
export type ScanResult =
  | { kind: 'groups'; groups: OnboardingGroup[] }
  | { kind: 'members'; members: number }
  | { kind: 'engagements'; posts: number };

export type ScanOutcome = { kind: 'scanned'; result: ScanResult } | Failed;

export interface ScanRunInput extends RobotInput {
  job: ScanJob;
  onProgress(progress: RobotProgress): void;
}

/** The robot command of a job and what it found: the groups, the members, or posts with their reactions and comments. */
async function scanResultOf({ robot, job, onProgress }: ScanRunInput, signal: AbortSignal): Promise<ScanResult> {
  switch (job.kind) {
    case 'groups': {
      const result = await robot.run('fetch_user_groups', {}, { signal, onProgress });
      return { kind: 'groups', groups: result.groups };
    }
    case 'members': {
      const result = await robot.run('fetch_group_members', robotGroupArgs(job.group), { signal, onProgress });
      return { kind: 'members', members: result.members };
    }
    case 'engagements': {
      const args = { ...robotGroupArgs(job.group), settings: ONBOARDING_ENGAGEMENT_SETTINGS };
      const result = await robot.run('fetch_group_posts', args, { signal, onProgress });
      return { kind: 'engagements', posts: result.posts };
    }
  }
}

/** One run of a scan's robot command, the robot's failure as the outcome. */
export const runScan = fromStoppablePromise<ScanOutcome, ScanRunInput>(async ({ input, signal }) => {
  try {
    return { kind: 'scanned', result: await scanResultOf(input, signal) };
  } catch (error) {
    return { kind: 'failed', failure: robotFailureOf(error) };
  }
});

/** The user's flag saves, one after another in the order asked, so a later save is never overtaken by an earlier one. */
const flagSaves = new WeakMap<ApiClient, Promise<unknown>>();

function inTurn<T>(api: ApiClient, save: () => Promise<T>): Promise<T> {
  const saved = (flagSaves.get(api) ?? Promise.resolve()).then(save, save);
  flagSaves.set(api, saved.catch(() => {}));
  return saved;
}

export interface ProgressSaveInput {
  api: ApiClient;
  progress: StoredOnboardingProgress;
  /** Told the flags as saved, for the session. */
  onSaved(flags: UserFlags): void;
}

/**
 * Keeps the progress in the user's flags (POST /flags) so a reload or a new sign-in resumes it. A
 * save that fails leaves the wizard as it is: the progress is saved again at the next step.
 */
export const saveProgress = fromStoppablePromise<void, ProgressSaveInput>(async ({ input }) => {
  const saved = await inTurn(input.api, () =>
    answerOf(() => input.api.POST('/flags', { body: { flags: { onboarding_progress: input.progress } } })),
  );
  if (saved.data) input.onSaved(saved.data.flags);
});

/**
 * Saves onboarding_completed and forgets the progress (POST /flags), then asks GET /groups whether
 * the user now holds the chosen group through the API, which decides where the wizard leads.
 */
export const completeOnboarding = fromStoppablePromise<CompletionSave, { api: ApiClient; groupId: number }>(async ({ input, signal }) => {
  const saved = await inTurn(input.api, () =>
    answerOf(() => input.api.POST('/flags', { body: { flags: { onboarding_completed: true, onboarding_progress: null } }, signal })),
  );
  if (!saved.data) return { kind: 'failed', failure: serverFailureOf(saved.error, saved.response) };
  const held = await answerOf(() => input.api.GET('/groups', { signal }));
  if (!held.data) return { kind: 'failed', failure: serverFailureOf(held.error, held.response) };
  return { kind: 'saved', flags: saved.data.flags, isApiAdmin: held.data.groups.some((group) => group.id === input.groupId) };
});
