import type { StepFailure } from '../../../machines/shared/stepFailure';

const ROBOT_FAILURES = {
  not_installed: 'The xFilter extension is not installed in this browser. Install it, then try again.',
  outdated: 'The xFilter extension is out of date. Update it from the extension store, then try again.',
  disconnected: 'The xFilter extension stopped answering (disconnected). Make sure it is enabled and signed in, then try again.',
  failed: 'The robot could not finish this scan.',
  aborted: 'The scan was stopped before it finished.',
} as const;

/** A failed step in words: what went wrong, and the robot's or the server's own reason when it adds something. */
export function failureText(failure: StepFailure): string {
  if (failure.source === 'server') return `The xFilter server did not accept this: ${failure.message}`;
  if (failure.source === 'unexpected') return `Something went wrong in the app: ${failure.message}`;
  const sentence = ROBOT_FAILURES[failure.code];
  return failure.code === 'failed' && failure.message ? `${sentence} ${failure.message}` : sentence;
}
