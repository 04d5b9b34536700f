import { answering, type MachineStories } from '../../../.storybook/machineStories';
import { unreachableApi } from '../../../.storybook/storyRobot';
import { labMachine } from '../../../machines/lab/machine';
import { GROUP, LAB_ANSWERS, MEMBERSHIP, TOGGLES, USER } from './fixtures';

const { findTarget, runAction } = LAB_ANSWERS;

/**
 * The lab's reachable states: nothing found yet, a group found (or not found), a user and a
 * membership of the group found, a user banned and metrics faked (or refused), and a truncation
 * asked about, then confirmed or cancelled.
 */
export const labStories: MachineStories<typeof labMachine> = {
  machine: labMachine,
  input: { api: unreachableApi, toggles: TOGGLES },
  events: [
    { type: 'lab.find', target: 'group', id: GROUP.id },
    { type: 'lab.find', target: 'user', id: USER.id },
    { type: 'lab.find', target: 'membership', id: MEMBERSHIP.member_id },
    { type: 'lab.run', action: { name: 'update_user', settings: { is_banned: true } } },
    { type: 'lab.run', action: { name: 'fake_metrics', settings: { days: 7, reverse: false } } },
    { type: 'lab.run', action: { name: 'remove_all_groups', settings: {} } },
    { type: 'lab.confirm' },
    { type: 'lab.cancel' },
  ],
  outcomes: {
    findGroup: answering({ found: findTarget.group, notFound: findTarget.notFound }),
    findUser: answering({ found: findTarget.user, notFound: findTarget.notFound }),
    findMembership: answering({ found: findTarget.membership, notFound: findTarget.notFound }),
    runAction: answering({ banned: runAction.banned, done: runAction.done, refused: runAction.refused }),
  },
  // The walk tells apart what is found and asked, so it goes on from each; the stories show each
  // state once, and once more with every record found (the lab at work).
  distinguishingContext: ({ context }) => ({
    user: context.targets.user && { banned: context.targets.user.is_banned },
    group: context.targets.group !== null,
    membership: context.targets.membership !== null,
    action: context.action?.name ?? null,
  }),
  shows: (snapshot) => {
    const { user, group, membership } = snapshot.context.targets;
    return { value: snapshot.value, everyRecord: user !== null && group !== null && membership !== null };
  },
  variant: (snapshot) => {
    const { user, group, membership } = snapshot.context.targets;
    return user !== null && group !== null && membership !== null ? 'WithEveryRecord' : '';
  },
};
