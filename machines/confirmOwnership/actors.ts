import { fromStoppablePromise } from '../stoppablePromise';
import type { ApiClient } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import type { Robot } from '../../src/robot/protocol';
import { robotGroupArgs, type OnboardingGroup } from '../onboarding/onboardingGroups';
import { answerOf, robotFailureOf, serverFailureOf, type StepFailure } from '../shared/stepFailure';

export type OnboardingPermission = components['schemas']['OnboardingPermission'];

export type OwnersAnswer = { kind: 'answered'; permission: OnboardingPermission } | { kind: 'failed'; failure: StepFailure };

/** POST /groups/acquire: taken, refused (409: someone holds it already, or the scanned role is not admin), or failed. */
export type AcquireAnswer = { kind: 'acquired' } | { kind: 'refused' } | { kind: 'failed'; failure: StepFailure };

interface ApiInput {
  api: ApiClient;
  group: OnboardingGroup;
}

async function readOwners(api: ApiClient, group: OnboardingGroup, signal: AbortSignal): Promise<OwnersAnswer> {
  const { data, error, response } = await answerOf(() =>
    api.GET('/groups/owners', { params: { query: { fb_group_id: group.fb_group_id } }, signal }),
  );
  if (data) return { kind: 'answered', permission: data.permissions };
  return { kind: 'failed', failure: serverFailureOf(error, response) };
}

/** GET /groups/owners: who holds the group here and the user's role in it. */
export const fetchOwners = fromStoppablePromise<OwnersAnswer, ApiInput>(({ input, signal }) => readOwners(input.api, input.group, signal));

/** fetch_group_owners: the robot reads the group's admins and reports them; then the server says where the user stands. */
export const scanAdmins = fromStoppablePromise<OwnersAnswer, ApiInput & { robot: Robot }>(async ({ input, signal }) => {
  try {
    await input.robot.run('fetch_group_owners', robotGroupArgs(input.group), { signal });
  } catch (error) {
    return { kind: 'failed', failure: robotFailureOf(error) };
  }
  return readOwners(input.api, input.group, signal);
});

/** POST /groups/acquire: 'Yes, this is my group'. The server records it in the audit log. */
export const acquireGroup = fromStoppablePromise<AcquireAnswer, ApiInput>(async ({ input, signal }) => {
  const { data, error, response } = await answerOf(() => input.api.POST('/groups/acquire', { body: { id: input.group.id }, signal }));
  if (data) return { kind: 'acquired' };
  if (response?.status === 409) return { kind: 'refused' };
  return { kind: 'failed', failure: serverFailureOf(error, response) };
});
