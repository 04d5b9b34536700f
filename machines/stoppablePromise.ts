import { fromPromise, type PromiseActorLogic } from 'xstate';

const never = <T>() => new Promise<T>(() => {});

/**
 * fromPromise whose run never settles once its actor is stopped (its signal aborted). @xstate/react
 * restarts the very same actor after React's StrictMode (or Activity) unmount and remount, running
 * the work again; without this, the stopped run's answer (its abort, reported as a failure) would
 * reach the restarted actor before the new run's.
 */
export function fromStoppablePromise<Output, Input>(
  work: (args: { input: Input; signal: AbortSignal }) => Promise<Output>,
): PromiseActorLogic<Output, Input> {
  return fromPromise<Output, Input>(async ({ input, signal }) => {
    try {
      const output = await work({ input, signal });
      return signal.aborted ? never<Output>() : output;
    } catch (error) {
      if (signal.aborted) return never<Output>();
      throw error;
    }
  });
}
