import type { AnyActorRef, AnyStateMachine, EventObject, SimulatedClock } from 'xstate';
import { SPEC_DELAYS } from '../../support/spec-numbers';
import { delayNameOf } from './modelEvents';

/**
 * Moves the simulated clock as far as the spec says the named delay the system under test is waiting
 * for lasts (SPEC_DELAYS), never by the machine's own figure. The machine's delay is read only to be
 * held to the spec's: one that waits longer or shorter, or a delay with no figure in the spec, fails here.
 */
export function advanceThroughDelay(machine: AnyStateMachine, actor: AnyActorRef, clock: SimulatedClock, event: EventObject): void {
  const name = delayNameOf(event);
  const figure = SPEC_DELAYS[machine.id]?.[name];
  if (figure === undefined) {
    throw new Error(`the spec gives no figure for the delay '${name}' of the machine '${machine.id}' (tests/support/spec-numbers.ts, SPEC_DELAYS)`);
  }
  const snapshot = actor.getSnapshot();
  const specMillis = typeof figure === 'function' ? figure(snapshot) : figure;
  const delay = machine.implementations.delays[name];
  const machineMillis =
    typeof delay === 'function' ? delay({ context: snapshot.context, event, self: actor, system: actor.system }, undefined) : delay;
  if (machineMillis !== specMillis) {
    throw new Error(`the machine '${machine.id}' waits ${String(machineMillis)} ms for its delay '${name}'; the spec says ${specMillis} ms`);
  }
  clock.increment(specMillis);
}
