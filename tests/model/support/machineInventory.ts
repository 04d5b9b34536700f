import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, AnyTransitionDefinition, EventObject } from 'xstate';

/** The event a test path starts with; its executor starts the system under test. */
export const INIT_EVENT_TYPE = 'xstate.init';

function descendants(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states).flatMap((child) => [child, ...descendants(child)]);
}

/** Every state of the machine as the dotted key `snapshot.matches` understands, e.g. `checkout.paying`. */
export function listStateKeys(machine: AnyStateMachine): string[] {
  return descendants(machine.root).map((node) => node.path.join('.'));
}

export function listTransitions(machine: AnyStateMachine): AnyTransitionDefinition[] {
  return [machine.root, ...descendants(machine.root)].flatMap((node) => [
    ...[...node.transitions.values()].flat(),
    ...(node.always ?? []),
  ]);
}

/** Every event type some transition listens to, including delayed (`xstate.after.*`) and actor (`xstate.done.actor.*`) events. */
export function listEventTypes(machine: AnyStateMachine): string[] {
  return [...new Set(listTransitions(machine).map((transition) => transition.eventType))];
}

/** A stable name for one transition: its source state, its event and its place among that event's branches. */
export function transitionKey(transition: AnyTransitionDefinition): string {
  const branches = transition.source.transitions.get(transition.eventType) ?? transition.source.always ?? [];
  return `${transition.source.id} on ${transition.eventType} #${branches.indexOf(transition)}`;
}

/** The transitions the machine takes from `snapshot` on `event`, after evaluating guards. */
export function transitionsTaken(snapshot: AnyMachineSnapshot, event: EventObject): AnyTransitionDefinition[] {
  return snapshot.machine.getTransitionData(snapshot, event);
}
