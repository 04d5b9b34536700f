import type { AnyActorRef, AnyStateMachine, EventObject, SimulatedClock } from 'xstate';
import { delayNameOf } from './modelEvents';

/** Moves the simulated clock exactly as far as the named delay the system under test is waiting for. */
export function advanceThroughDelay(machine: AnyStateMachine, actor: AnyActorRef, clock: SimulatedClock, event: EventObject): void {
  const delay = machine.implementations.delays[delayNameOf(event)];
  if (delay === undefined) throw new Error(`the machine has no delay named '${delayNameOf(event)}'`);
  const snapshot = actor.getSnapshot();
  const millis =
    typeof delay === 'function' ? delay({ context: snapshot.context, event, self: actor, system: actor.system }, undefined) : delay;
  clock.increment(millis);
}
