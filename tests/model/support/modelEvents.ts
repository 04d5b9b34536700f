import type { AnyStateMachine, EventObject } from 'xstate';
import { listTransitions } from './machineInventory';

/** A delayed event as the machine names it: `xstate.after.<delay>.<state id>`. */
export interface DelayedEvent {
  type: `xstate.after.${string}`;
}

export interface ActorDoneEvent<TOutput> {
  type: `xstate.done.actor.${string}`;
  output: TOutput;
}

export interface ActorErrorEvent {
  type: `xstate.error.actor.${string}`;
  error: unknown;
}

/** One event for every `after` transition of the machine, so a model can take each delay. */
export function delayedEvents(machine: AnyStateMachine): DelayedEvent[] {
  const types = listTransitions(machine)
    .map((transition) => transition.eventType)
    .filter((type): type is DelayedEvent['type'] => type.startsWith('xstate.after.'));
  return [...new Set(types)].map((type) => ({ type }));
}

export function actorDoneEvents<TOutput>(invokeId: string, outputs: TOutput[]): ActorDoneEvent<TOutput>[] {
  return outputs.map((output) => ({ type: `xstate.done.actor.${invokeId}`, output }));
}

export function actorErrorEvent(invokeId: string, error: unknown): ActorErrorEvent {
  return { type: `xstate.error.actor.${invokeId}`, error };
}

/** The delay name inside a delayed event type: `xstate.after.idleTime.app.waiting` gives `idleTime`. */
export function delayNameOf(event: EventObject): string {
  return event.type.split('.')[2];
}
