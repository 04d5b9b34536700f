import { TestModel } from 'xstate/graph';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject, InputFrom, SnapshotFrom } from 'xstate';
import { transitionKey, transitionsTaken } from './machineInventory';

export interface MachineTestModelOptions<TMachine extends AnyStateMachine, TModelEvent extends EventObject> {
  input: InputFrom<TMachine>;
  /** Every event the model may try, with payloads: the machine's own events and its delayed and actor events. */
  events: readonly TModelEvent[];
  /** The part of the context that tells states apart; the rest (injected clients, stores) is left out. */
  distinguishingContext: (snapshot: SnapshotFrom<TMachine>) => unknown;
  /**
   * Leaves out events the machine would take but the world cannot send in that state, such as an
   * actor's answer its input rules out. Every event is possible when this is not given.
   */
  isPossible?: (snapshot: SnapshotFrom<TMachine>, event: TModelEvent) => boolean;
}

/**
 * A TestModel over a machine with `after` and `invoke` (which createTestModel refuses).
 * Each vertex is a state reached through one particular transition, so the shortest
 * paths take every transition the events can reach, not only visit every state.
 */
export function createMachineTestModel<TMachine extends AnyStateMachine, TModelEvent extends EventObject>(
  machine: TMachine,
  options: MachineTestModelOptions<TMachine, TModelEvent>,
) {
  const describe = (snapshot: AnyMachineSnapshot) =>
    JSON.stringify({ value: snapshot.value, context: options.distinguishingContext(snapshot as SnapshotFrom<TMachine>) });
  return new TestModel<SnapshotFrom<TMachine>, TModelEvent, InputFrom<TMachine>>(machine as never, {
    input: options.input,
    // A machine that reached its final state is stopped and takes no more events, though `can` would still say yes.
    events: (snapshot) => {
      const machineSnapshot = snapshot as AnyMachineSnapshot;
      if (machineSnapshot.status !== 'active') return [];
      const isPossible = options.isPossible ?? (() => true);
      return options.events.filter((event) => machineSnapshot.can(event) && isPossible(snapshot, event));
    },
    serializeState: (snapshot, event, previous) => {
      if (!event || !previous) return describe(snapshot);
      const taken = transitionsTaken(previous, event).map(transitionKey).join(', ');
      return `${describe(snapshot)} via ${taken}`;
    },
    stateMatcher: (snapshot, key) => (snapshot as AnyMachineSnapshot).matches(key),
  });
}
