import type { StateValue } from 'xstate';
import type { ApiClient } from '../../api/client';
import { memberListMachine, type MemberListContext } from '../../../machines/memberList/machine';
import { membersPageView } from '../../../machines/memberList/selectors';
import { groupOnPlan, MEMBERS_QUERY, THREE_MEMBERS } from './fixtures';

/** Stories render snapshots only: nothing calls the server or the robot. */
const nothingRuns = { api: {} as ApiClient, robot: { run: () => Promise.reject(new Error('stories run no robot')) } };

export type MemberListStoryContext = Partial<Omit<MemberListContext, 'api' | 'robot' | 'group'>> & { isPaid?: boolean };

/** The member-list statechart's snapshot in a given state, for the Sourdough Bakers group. */
export function memberListSnapshotAt(value: StateValue, { isPaid = false, ...context }: MemberListStoryContext = {}) {
  return memberListMachine.resolveState({
    value,
    context: {
      ...nothingRuns,
      group: groupOnPlan(isPaid),
      query: MEMBERS_QUERY,
      page: THREE_MEMBERS,
      selection: [],
      dragBase: [],
      dragFrom: null,
      preview: null,
      failure: null,
      runningJob: null,
      robotUnavailable: null,
      ...context,
    },
  });
}

/** What the members page shows in a given state of its statechart, with the robot as its context says. */
export function membersPageAt(value: StateValue, context: MemberListStoryContext = {}) {
  const snapshot = memberListSnapshotAt(value, context);
  return membersPageView(snapshot, { job: snapshot.context.runningJob, unavailable: snapshot.context.robotUnavailable });
}
