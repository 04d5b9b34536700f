import type { ActorRefFrom } from 'xstate';
import type { ApiClient } from '../../api/client';
import type { memberListMachine } from '../../../machines/memberList/machine';
import type { robotMachine } from '../../../machines/robot/machine';
import { heldDeparturesMachine, type HeldDeparturesContext } from '../../../machines/heldDepartures/machine';
import { departuresNoticeOf } from '../../../machines/heldDepartures/selectors';
import { HELD_DEPARTURES } from './fixtures';

/** The notice the held-departures statechart gives in a state, for the stories: nothing calls the server. */
export function departuresNoticeAt(value: 'held' | 'confirming' | 'keeping', context: Partial<Pick<HeldDeparturesContext, 'failure'>> = {}) {
  const snapshot = heldDeparturesMachine.resolveState({
    value,
    context: {
      api: {} as ApiClient,
      robotRef: {} as ActorRefFrom<typeof robotMachine>,
      memberListRef: {} as ActorRefFrom<typeof memberListMachine>,
      groupId: 7,
      departures: HELD_DEPARTURES, failure: null,
      ...context,
    },
  });
  return departuresNoticeOf(snapshot)!;
}
