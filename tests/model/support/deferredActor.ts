import { fromPromise } from 'xstate';

interface Run<TOutput, TInput> {
  input: TInput;
  resolve: (output: TOutput) => void;
  reject: (error: unknown) => void;
  signal: AbortSignal;
  settled: boolean;
}

/**
 * A promise actor whose every run waits until the test settles it,
 * so a model step decides what an API call answers and when.
 */
export function createDeferredActor<TOutput, TInput>() {
  const runs: Run<TOutput, TInput>[] = [];
  const logic = fromPromise<TOutput, TInput>(
    ({ input, signal }) => new Promise<TOutput>((resolve, reject) => runs.push({ input, resolve, reject, signal, settled: false })),
  );
  const waiting = () => runs.filter((run) => !run.settled && !run.signal.aborted);
  const settleWaitingRun = (settleRun: (run: Run<TOutput, TInput>) => void) => {
    const run = waiting().at(-1);
    if (!run) throw new Error('no run of this actor is waiting for an answer');
    run.settled = true;
    settleRun(run);
  };
  return {
    logic,
    waitingRuns: () => waiting().length,
    /** What each waiting run was asked: the request the system under test sent. */
    waitingInputs: () => waiting().map((run) => run.input),
    resolve: (output: TOutput) => settleWaitingRun((run) => run.resolve(output)),
    reject: (error: unknown) => settleWaitingRun((run) => run.reject(error)),
  };
}

/** Node's immediate; the stories replay the same steps in Chromium, which has none, on a 0 ms timer. */
const nextTask: (run: () => void) => unknown = typeof setImmediate === 'function' ? setImmediate : (run) => setTimeout(run, 0);

/**
 * Lets promise callbacks (an actor's resolution) run before the next step: they are microtasks, all
 * run before the next task does (in node a 0 ms timer waited at least a millisecond for nothing, at
 * every step of thousands of paths).
 */
export function settle(): Promise<void> {
  return new Promise((resolve) => nextTask(resolve));
}
