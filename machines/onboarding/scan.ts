import { assign, setup } from 'xstate';
import type { Robot, RobotProgress } from '../../src/robot/protocol';
import { unexpectedFailureOf, type StepFailure } from '../shared/stepFailure';
import { runScan, type ScanJob, type ScanOutcome, type ScanResult } from './actors';

export interface ScanInput {
  robot: Robot;
  job: ScanJob;
}

export interface ScanContext extends ScanInput {
  /** The running robot command's progress, for the progress bar. */
  progress: RobotProgress | null;
  failure: StepFailure | null;
  result: ScanResult | null;
}

export type ScanEvent = { type: 'robot.progress'; progress: RobotProgress } | { type: 'scan.retry' };

/** The result of a finished scan: `scanned` is entered only with it. */
function scanResultOf(context: ScanContext): ScanResult {
  if (context.result === null) throw new Error('A scan finishes only with its result.');
  return context.result;
}

/**
 * A robot scan of one onboarding step (spec part 1 §2: Scan Groups, Scan Members, Scan
 * Engagements): the robot's progress while it runs, its failure with a retry, and what it found
 * as the output once it has.
 */
export const scanMachine = setup({
  types: {
    context: {} as ScanContext,
    events: {} as ScanEvent,
    input: {} as ScanInput,
    output: {} as ScanResult,
  },
  actors: { runScan },
  guards: {
    scanned: (_, { outcome }: { outcome: ScanOutcome }) => outcome.kind === 'scanned',
  },
  actions: {
    start: assign({ progress: null, failure: null }),
    rememberProgress: assign((_, { progress }: { progress: RobotProgress }) => ({ progress })),
    rememberOutcome: assign((_, { outcome }: { outcome: ScanOutcome }) =>
      outcome.kind === 'scanned' ? { result: outcome.result } : { failure: outcome.failure },
    ),
    rememberCrash: assign((_, { error }: { error: unknown }) => ({ failure: unexpectedFailureOf(error) })),
  },
}).createMachine({
  id: 'scan',
  context: ({ input }) => ({ ...input, progress: null, failure: null, result: null }),
  output: ({ context }) => scanResultOf(context),
  initial: 'scanning',
  states: {
    scanning: {
      entry: 'start',
      on: { 'robot.progress': { actions: { type: 'rememberProgress', params: ({ event }) => event } } },
      invoke: {
        id: 'runScan',
        src: 'runScan',
        input: ({ context, self }) => ({
          robot: context.robot,
          job: context.job,
          onProgress: (progress: RobotProgress) => self.send({ type: 'robot.progress', progress }),
        }),
        onDone: [
          {
            guard: { type: 'scanned', params: ({ event }) => ({ outcome: event.output }) },
            target: 'scanned',
            actions: { type: 'rememberOutcome', params: ({ event }) => ({ outcome: event.output }) },
          },
          { target: 'failed', actions: { type: 'rememberOutcome', params: ({ event }) => ({ outcome: event.output }) } },
        ],
        onError: { target: 'failed', actions: { type: 'rememberCrash', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { on: { 'scan.retry': 'scanning' } },
    scanned: { type: 'final' },
  },
});
