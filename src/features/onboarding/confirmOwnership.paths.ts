import { answering, type MachineStories } from '../../../.storybook/machineStories';
import { createApiClient } from '../../api/client';
import type { Robot } from '../../robot/protocol';
import { confirmOwnershipMachine } from '../../../machines/confirmOwnership/machine';
import { ownershipView } from '../../../machines/confirmOwnership/selectors';
import { bookClubGroup, CONFIRM_OWNERSHIP_ANSWERS } from './fixtures';

const crashed = (src: string) => ({ crashed: { error: new Error(`${src} crashed`) } });

/** The confirm-ownership workflow's reachable states for the stories: the server and the robot answer from the fixtures. */
export const confirmOwnershipStories: MachineStories<typeof confirmOwnershipMachine> = {
  machine: confirmOwnershipMachine,
  input: {
    api: createApiClient({ baseUrl: 'http://api.invalid/api/v1', fetch: () => Promise.reject(new Error('the fixtures answer every call')) }),
    robot: {} as Robot,
    group: bookClubGroup,
  },
  events: [{ type: 'ownership.acquire' }, { type: 'ownership.recheck' }, { type: 'ownership.retry' }],
  outcomes: {
    fetchOwners: { ...answering(CONFIRM_OWNERSHIP_ANSWERS.fetchOwners), ...crashed('fetchOwners') },
    scanAdmins: { ...answering(CONFIRM_OWNERSHIP_ANSWERS.scanAdmins), ...crashed('scanAdmins') },
    acquireGroup: { ...answering(CONFIRM_OWNERSHIP_ANSWERS.acquireGroup), ...crashed('acquireGroup') },
  },
  distinguishingContext: (snapshot) => {
    const view = ownershipView(snapshot);
    if (view.kind === 'notAdmin') return { role: view.role };
    if (view.kind === 'failed') return { failure: view.failure.source };
    return undefined;
  },
  variant: (snapshot) => {
    const view = ownershipView(snapshot);
    if (view.kind === 'notAdmin') return view.role ? `As ${view.role}` : 'Not found among admins';
    if (view.kind === 'failed') return { server: 'On the server', robot: 'In the robot', unexpected: 'Unexpectedly' }[view.failure.source];
    return '';
  },
};
