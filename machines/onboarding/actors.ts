import { fromStoppablePromise } from '../stoppablePromise';
import type { ApiClient } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import type { Robot, RobotProgress, RobotState } from '../../src/robot/protocol';
import { ONBOARDING_ENGAGEMENT_SETTINGS } from './engagementSettings';
import { robotGroupArgs, type OnboardingGroup } from './onboardingGroups';
import { answerOf, robotFailureOf, serverFailureOf, type StepFailure } from '../shared/stepFailure';
import type { RobotStatus } from './steps';

export type UserFlags = components['schemas']['UserFlags'];

type Failed = { kind: 'failed'; failure: StepFailure };
export type GroupsScan = { kind: 'scanned'; groups: OnboardingGroup[] } | Failed;
export type MembersScan = { kind: 'scanned'; members: number } | Failed;
export type EngagementsScan = { kind: 'scanned'; posts: number } | Failed;
export type CompletionSave = { kind: 'saved'; flags: UserFlags; isApiAdmin: boolean } | Failed;

export interface RobotInput {
  robot: Robot;
}

export interface ScanInput extends RobotInput {
  onProgress(progress: RobotProgress): void;
}

export interface GroupScanInput extends ScanInput {
  group: OnboardingGroup;
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

/** fetch_user_groups: the groups the user belongs to, as the server stored them from the robot's scan. */
export const scanGroups = fromStoppablePromise<GroupsScan, ScanInput>(async ({ input, signal }) => {
  try {
    const result = await input.robot.run('fetch_user_groups', {}, { signal, onProgress: input.onProgress });
    return { kind: 'scanned', groups: result.groups };
  } catch (error) {
    return { kind: 'failed', failure: robotFailureOf(error) };
  }
});

/** fetch_group_members: every member of the chosen group. */
export const scanMembers = fromStoppablePromise<MembersScan, GroupScanInput>(async ({ input, signal }) => {
  try {
    const result = await input.robot.run('fetch_group_members', robotGroupArgs(input.group), { signal, onProgress: input.onProgress });
    return { kind: 'scanned', members: result.members };
  } catch (error) {
    return { kind: 'failed', failure: robotFailureOf(error) };
  }
});

/** fetch_group_posts with the onboarding settings: recent posts with their reactions and comments. */
export const scanEngagements = fromStoppablePromise<EngagementsScan, GroupScanInput>(async ({ input, signal }) => {
  try {
    const args = { ...robotGroupArgs(input.group), settings: ONBOARDING_ENGAGEMENT_SETTINGS };
    const result = await input.robot.run('fetch_group_posts', args, { signal, onProgress: input.onProgress });
    return { kind: 'scanned', posts: result.posts };
  } catch (error) {
    return { kind: 'failed', failure: robotFailureOf(error) };
  }
});

/**
 * Saves onboarding_completed (POST /flags), then asks GET /groups whether the user now holds the
 * chosen group through the API, which decides where the wizard leads.
 */
export const completeOnboarding = fromStoppablePromise<CompletionSave, { api: ApiClient; groupId: number }>(async ({ input, signal }) => {
  const saved = await answerOf(() => input.api.POST('/flags', { body: { flags: { onboarding_completed: true } }, signal }));
  if (!saved.data) return { kind: 'failed', failure: serverFailureOf(saved.error, saved.response) };
  const held = await answerOf(() => input.api.GET('/groups', { signal }));
  if (!held.data) return { kind: 'failed', failure: serverFailureOf(held.error, held.response) };
  return { kind: 'saved', flags: saved.data.flags, isApiAdmin: held.data.groups.some((group) => group.id === input.groupId) };
});
