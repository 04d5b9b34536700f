import type { ActorRefFrom, StateValue } from 'xstate';
import type { ApiClient } from '../../api/client';
import { memberListMachine, type MemberListContext } from '../../../machines/memberList/machine';
import type { listQueryMachine } from '../../../machines/listQuery/machine';
import { robotMachine, type RobotContext } from '../../../machines/robot/machine';
import type { RobotSnapshot } from '../../../machines/robot/selectors';
import type { Robot, RobotJobName } from '../../robot/protocol';
import { groupOnPlan, MEMBERS_QUERY, THREE_MEMBERS } from './fixtures';

/** What the robot does in a story: ready and idle, not installed, busy for another group, or running a job of this group. */
export type RobotStory = 'ready' | 'notInstalled' | 'busy' | RobotJobName;

/** Stories render snapshots only: nothing calls the server or the robot. */
const nothingRuns = { api: {} as ApiClient, robot: {} as Robot };

function robotSnapshotAt(story: RobotStory, groupId: number): RobotSnapshot {
  const idle: Omit<RobotContext, 'command'> = {
    ...nothingRuns,
    identity: null,
    robotVersion: '2.4.0',
    progress: null,
    lastFailure: null,
    replyTo: null,
    jobs: { active: [], scheduled: [] },
    announcedJobs: [],
  };
  if (story === 'notInstalled') return robotMachine.resolveState({ value: { presence: 'notInstalled', jobs: 'signedOut' }, context: { ...idle, command: null } });
  if (story === 'ready') return robotMachine.resolveState({ value: { presence: { ready: 'idle' }, jobs: 'signedOut' }, context: { ...idle, command: null } });
  if (story === 'busy' || story === 'remove_group_members') {
    const args = { id: story === 'busy' ? groupId + 1 : groupId, name: 'Sourdough Bakers', fb_group_id: '100200300', fb_slug: null, members: [] };
    const command = { command: 'remove_group_members' as const, args };
    return robotMachine.resolveState({ value: { presence: { ready: 'running' }, jobs: 'signedOut' }, context: { ...idle, command } });
  }
  // A scan the extension runs in the background: the server lists it among the active jobs.
  const job = {
    id: 1,
    group_id: groupId,
    name: story,
    status: 'running' as const,
    args: { id: groupId },
    progress: 120,
    total: 400,
    error: null,
    created_at: '2024-05-01T10:00:00Z',
    finished_at: null,
  };
  return robotMachine.resolveState({
    value: { presence: { ready: 'idle' }, jobs: 'waitingToPoll' },
    context: { ...idle, command: null, jobs: { active: [job], scheduled: [] } },
  });
}

export type MemberListStoryContext = Partial<Omit<MemberListContext, 'api' | 'robotRef' | 'listQueryRef' | 'group'>> & {
  isPaid?: boolean;
  robot?: RobotStory;
};

/** The members page's snapshots in a given state, for the Sourdough Bakers group: the member list's, and the robot's it reads. */
export function memberListStory(value: StateValue, { isPaid = false, robot: robotStory = 'ready', ...context }: MemberListStoryContext = {}) {
  const group = groupOnPlan(isPaid);
  const robot = robotSnapshotAt(robotStory, group.id);
  const snapshot = memberListMachine.resolveState({
    value,
    context: {
      api: nothingRuns.api,
      robotRef: { getSnapshot: () => robot } as ActorRefFrom<typeof robotMachine>,
      listQueryRef: {} as ActorRefFrom<typeof listQueryMachine>,
      group,
      query: MEMBERS_QUERY,
      page: THREE_MEMBERS,
      selection: [],
      dragBase: [],
      dragFrom: null,
      preview: null,
      failure: null,
      ...context,
    },
  });
  return { snapshot, robot };
}
