import type { AnyStateMachine } from 'xstate';
import { INIT_EVENT_TYPE, listEventTypes, listStateKeys } from './machineInventory';

export interface ModelImplementation {
  states: Record<string, unknown>;
  events: Record<string, unknown>;
}

function difference(from: string[], remove: string[]): string[] {
  return from.filter((item) => !remove.includes(item)).sort();
}

/**
 * Lists what keeps the model and its tests apart: a state without an assertion,
 * an event without an executor, or an assertion or executor the machine no longer has.
 */
export function findModelGaps(machine: AnyStateMachine, implementation: ModelImplementation): string[] {
  const stateKeys = listStateKeys(machine);
  const eventTypes = [INIT_EVENT_TYPE, ...listEventTypes(machine)];
  const assertedStates = Object.keys(implementation.states);
  const executedEvents = Object.keys(implementation.events);
  return [
    ...difference(stateKeys, assertedStates).map((key) => `state '${key}' has no assertion`),
    ...difference(assertedStates, stateKeys).map((key) => `assertion for '${key}', which is not a state of the machine`),
    ...difference(eventTypes, executedEvents).map((type) => `event '${type}' has no executor`),
    ...difference(executedEvents, eventTypes).map((type) => `executor for '${type}', which no transition listens to`),
  ];
}

export function assertModelIsComplete(machine: AnyStateMachine, implementation: ModelImplementation): void {
  const gaps = findModelGaps(machine, implementation);
  if (gaps.length > 0) throw new Error(`The model tests of '${machine.id}' are incomplete:\n- ${gaps.join('\n- ')}`);
}
