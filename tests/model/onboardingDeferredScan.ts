import { fromPromise } from 'xstate';
import type { RobotProgress } from '../../src/robot/protocol';

interface ScanRun<TOutput, TInput> {
  input: TInput;
  resolve: (output: TOutput) => void;
  reject: (error: unknown) => void;
  signal: AbortSignal;
  settled: boolean;
  /** The progress the robot last reported on this run. */
  progress: RobotProgress | null;
}

/**
 * Like createDeferredActor, for a robot scan: every run waits until the test settles it, and the
 * test can report the robot's progress through the run's own `onProgress`, as the robot would.
 */
export function createDeferredScan<TOutput, TInput extends { onProgress(progress: RobotProgress): void }>() {
  const runs: ScanRun<TOutput, TInput>[] = [];
  const logic = fromPromise<TOutput, TInput>(
    ({ input, signal }) => new Promise<TOutput>((resolve, reject) => runs.push({ input, resolve, reject, signal, settled: false, progress: null })),
  );
  const waitingRun = () => {
    const run = runs.filter((candidate) => !candidate.settled && !candidate.signal.aborted).at(-1);
    if (!run) throw new Error('no run of this scan is waiting');
    return run;
  };
  const settleWith = (settleRun: (run: ScanRun<TOutput, TInput>) => void) => {
    const run = waitingRun();
    run.settled = true;
    settleRun(run);
  };
  return {
    logic,
    waitingRuns: () => runs.filter((run) => !run.settled && !run.signal.aborted).length,
    /** The inputs of the runs still waiting, oldest first. */
    waitingInputs: () => runs.filter((run) => !run.settled && !run.signal.aborted).map((run) => run.input),
    lastInput: () => waitingRun().input,
    /** The progress the robot reported on the waiting run, if any. */
    reportedProgress: () => waitingRun().progress,
    reportProgress: (progress: RobotProgress) => {
      const run = waitingRun();
      run.progress = progress;
      run.input.onProgress(progress);
    },
    resolve: (output: TOutput) => settleWith((run) => run.resolve(output)),
    reject: (error: unknown) => settleWith((run) => run.reject(error)),
  };
}
