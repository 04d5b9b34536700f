import { RobotError, type RobotPresence } from './protocol';

/** Why a robot in this presence cannot take a command; null when it can. */
export function unavailabilityError(presence: RobotPresence): RobotError | null {
  switch (presence) {
    case 'ready':
      return null;
    case 'outdated':
      return new RobotError('outdated', 'The xFilter extension is outdated. Update it to go on.');
    case 'disconnected':
      return new RobotError('disconnected', 'The robot is disconnected.');
    default:
      return new RobotError('not_installed', 'The xFilter extension is not installed.');
  }
}

export function abortedError(): RobotError {
  return new RobotError('aborted', 'The robot command was cancelled.');
}

/** Waits `ms`, or rejects with an `aborted` RobotError as soon as the signal aborts. */
export function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortedError());
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortedError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
