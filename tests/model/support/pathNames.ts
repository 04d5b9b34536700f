import type { AnyMachineSnapshot, EventObject } from 'xstate';

function nameEvent({ type, ...payload }: EventObject): string {
  const [, kind, name] = type.split('.');
  const label =
    kind === 'after' ? `after ${name}` : kind === 'done' || kind === 'error' ? `${type.split('.').slice(3).join('.')} ${kind}` : type;
  const details = Object.entries(payload)
    .filter(([key]) => key !== 'error')
    .map(([key, value]) => `${key}=${JSON.stringify(value)}`)
    .join(' ');
  return details ? `${label} (${details})` : label;
}

/**
 * A short readable test name: the state reached and the events that lead there. `labelEvent`
 * names events whose payloads are too big to print (API answers carrying whole records).
 */
export function namePath(
  path: { state: AnyMachineSnapshot; steps: ReadonlyArray<{ event: EventObject }> },
  labelEvent: (event: EventObject) => string | undefined = () => undefined,
): string {
  const events = path.steps.map((step) => step.event).filter((event) => event.type !== 'xstate.init');
  const target = JSON.stringify(path.state.value);
  const name = (event: EventObject) => labelEvent(event) ?? nameEvent(event);
  return events.length ? `${target} ← ${events.map(name).join(' → ')}` : `${target} at start`;
}
