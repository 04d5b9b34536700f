import type { Robot, RobotArgs, RobotCommandName, RobotIdentity, RobotProgress, RobotState } from '../../../src/robot/protocol';
import { initialRobotState } from '../../../src/robot/stateStore';

interface Run {
  command: RobotCommandName;
  args: unknown;
  signal?: AbortSignal;
  onProgress?: (progress: RobotProgress) => void;
  resolve(result: unknown): void;
  reject(error: unknown): void;
}

/** A robot whose presence the test sets and whose commands wait until the test settles them. */
export function createFakeRobot() {
  let state: RobotState = initialRobotState();
  const listeners = new Set<(state: RobotState) => void>();
  const runs: Run[] = [];
  const configured: Array<RobotIdentity | null> = [];
  const reloads: number[] = [];
  const robot: Robot = {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    configure: (identity) => void configured.push(identity),
    run: <C extends RobotCommandName>(command: C, args: RobotArgs<C>, options: { signal?: AbortSignal; onProgress?: (progress: RobotProgress) => void } = {}) =>
      new Promise((resolve, reject) => runs.push({ command, args, ...options, resolve, reject })),
    reload: () => void reloads.push(Date.now()),
  };
  const waitingRuns = () => runs.filter((run) => !run.signal?.aborted);
  return {
    robot,
    runs,
    configured,
    reloads,
    waitingRuns,
    lastRun: () => {
      const run = waitingRuns().at(-1);
      if (!run) throw new Error('no robot command is running');
      return run;
    },
    set(patch: Partial<RobotState>) {
      const next = { ...state, ...patch };
      state = { ...next, installed: next.presence === 'ready' || next.presence === 'outdated' };
      listeners.forEach((listener) => listener(state));
    },
  };
}
