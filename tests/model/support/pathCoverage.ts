import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { listStateKeys, listTransitions, transitionKey, transitionsTaken } from './machineInventory';

interface PathLike {
  steps: ReadonlyArray<{ state: AnyMachineSnapshot; event: EventObject }>;
}

export interface PathCoverage {
  statesMissed: string[];
  transitionsMissed: string[];
}

/** Which states are never visited and which transitions never taken by the given paths. */
export function measurePathCoverage(machine: AnyStateMachine, paths: PathLike[]): PathCoverage {
  const visitedStates = new Set<string>();
  const takenTransitions = new Set<string>();
  for (const { steps } of paths) {
    steps.forEach(({ state, event }, index) => {
      for (const key of listStateKeys(machine)) if (state.matches(key)) visitedStates.add(key);
      if (index === 0) return;
      for (const transition of transitionsTaken(steps[index - 1].state, event)) takenTransitions.add(transitionKey(transition));
    });
  }
  return {
    statesMissed: listStateKeys(machine).filter((key) => !visitedStates.has(key)),
    transitionsMissed: listTransitions(machine).map(transitionKey).filter((key) => !takenTransitions.has(key)),
  };
}
