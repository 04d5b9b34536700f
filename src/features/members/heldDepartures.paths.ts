import type { MachineStories } from '../../../.storybook/machineStories';
import { answering } from '../../../.storybook/machineStories';
import { createApiClient } from '../../api/client';
import { heldDeparturesMachine } from '../../../machines/heldDepartures/machine';
import { HELD_DEPARTURES_ANSWERS } from './fixtures';

/** The held-departures workflow's reachable states for the stories: the server answers from the fixtures. */
export const heldDeparturesStories: MachineStories<typeof heldDeparturesMachine> = {
  machine: heldDeparturesMachine,
  input: {
    api: createApiClient({ baseUrl: 'http://api.invalid/api/v1', fetch: () => Promise.reject(new Error('the fixtures answer every call')) }),
    groupId: 7,
  },
  events: [{ type: 'departures.confirm' }, { type: 'departures.keep' }, { type: 'departures.recheck' }],
  outcomes: {
    fetchHeldDepartures: answering(HELD_DEPARTURES_ANSWERS.fetchHeldDepartures),
    decideDepartures: answering(HELD_DEPARTURES_ANSWERS.decideDepartures),
  },
  distinguishingContext: ({ context }) => ({ failure: context.failure !== null }),
  variant: ({ context }) => (context.failure ? 'AfterAFailedDecision' : ''),
};
