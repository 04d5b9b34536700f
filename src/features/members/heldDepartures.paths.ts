import { createActor, fromCallback } from 'xstate';
import { answering, type MachineStories } from '../../../.storybook/machineStories';
import { storyRobot, unreachableApi } from '../../../.storybook/storyRobot';
import { heldDeparturesMachine } from '../../../machines/heldDepartures/machine';
import { HELD_DEPARTURES_ANSWERS, MEMBERS_SCAN_FINISHED, ROBOT_DETECTED } from './fixtures';

/**
 * The held-departures workflow's reachable states for the stories: the server answers from the
 * fixtures, and the robot's members scan of the group finishing is what makes it check again.
 */
export const heldDeparturesStories: MachineStories<typeof heldDeparturesMachine> = {
  machine: heldDeparturesMachine,
  input: () => ({
    api: unreachableApi,
    groupId: MEMBERS_SCAN_FINISHED.groupId,
    robotRef: storyRobot([ROBOT_DETECTED]),
    // The member lists only hear 'members.reload'; the stories do not show them.
    memberListRef: createActor(fromCallback(() => {})).start(),
  }),
  events: [{ type: 'departures.confirm' }, { type: 'departures.keep' }, MEMBERS_SCAN_FINISHED],
  outcomes: {
    fetchHeldDepartures: answering(HELD_DEPARTURES_ANSWERS.fetchHeldDepartures),
    decideDepartures: answering(HELD_DEPARTURES_ANSWERS.decideDepartures),
  },
  distinguishingContext: ({ context }) => ({ failure: context.failure !== null }),
  variant: ({ context }) => (context.failure ? 'AfterAFailedDecision' : ''),
};
