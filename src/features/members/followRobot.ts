import type { ActorRef, Snapshot } from 'xstate';
import type { MemberRemovalRobot } from '../../../machines/memberList/actors';
import type { MemberListEvent, RobotUnavailability } from '../../../machines/memberList/machine';
import { canStartCommand, groupJobStatus, isRunningCommand, lastCommandFailure, robotPresence, type RobotSnapshot } from '../../../machines/robot/selectors';
import type { RobotActor } from '../../../machines/robot/actorRef';
import { RobotError, type RobotJobName } from '../../robot/protocol';

/** Why the app's robot cannot take a removal now, or null when it can. */
export function robotUnavailabilityOf(snapshot: RobotSnapshot): RobotUnavailability | null {
  const presence = robotPresence(snapshot);
  if (presence !== 'ready') return presence;
  return canStartCommand(snapshot) ? null : 'busy';
}

/**
 * Feeds the member list what the app's robot does: whether it can take a removal, and the job it
 * runs for this group (started, then finished, after which the list reloads).
 */
export function followRobot(robotActor: RobotActor, memberList: Pick<ActorRef<Snapshot<unknown>, MemberListEvent>, 'send'>, groupId: number): () => void {
  let unavailable: RobotUnavailability | null | undefined;
  let job: RobotJobName | null = null;
  const report = (snapshot: RobotSnapshot) => {
    const nextUnavailable = robotUnavailabilityOf(snapshot);
    if (nextUnavailable !== unavailable) {
      unavailable = nextUnavailable;
      memberList.send({ type: 'robot.availability.changed', unavailable: nextUnavailable });
    }
    const nextJob = groupJobStatus(snapshot, groupId)?.name ?? null;
    if (nextJob === job) return;
    job = nextJob;
    memberList.send(nextJob ? { type: 'robot.job.started', name: nextJob } : { type: 'robot.job.finished' });
  };
  report(robotActor.getSnapshot());
  const subscription = robotActor.subscribe(report);
  return () => subscription.unsubscribe();
}

const ERROR_CODES: Record<RobotUnavailability, RobotError['code']> = {
  detecting: 'not_installed',
  notInstalled: 'not_installed',
  outdated: 'outdated',
  disconnected: 'disconnected',
  busy: 'failed',
};

/**
 * The removal's robot: the command runs in the app's robot statechart, so the shell shows its
 * progress and other pages see the robot busy; it settles when that command ends, failing with the robot's reason.
 */
export function removalRobotOf(robotActor: RobotActor): MemberRemovalRobot {
  return {
    run(command, args, { signal } = {}) {
      return new Promise((resolve, reject) => {
        const unavailable = robotUnavailabilityOf(robotActor.getSnapshot());
        if (unavailable) {
          reject(new RobotError(ERROR_CODES[unavailable], 'The extension cannot remove members right now.'));
          return;
        }
        robotActor.send({ type: 'robot.command.start', request: { command, args } });
        const isOurs = (snapshot: RobotSnapshot) => isRunningCommand(snapshot) && snapshot.context.command?.args === args;
        if (!isOurs(robotActor.getSnapshot())) {
          reject(new RobotError('failed', 'The extension did not take the removal.'));
          return;
        }
        const subscription = robotActor.subscribe((snapshot) => {
          if (isOurs(snapshot)) return;
          subscription.unsubscribe();
          const failure = lastCommandFailure(snapshot);
          if (failure?.command === command) reject(new RobotError(failure.code, failure.message));
          else if (robotPresence(snapshot) !== 'ready') reject(new RobotError('disconnected', 'The extension went away before the removal ended.'));
          else resolve(undefined);
        });
        signal?.addEventListener('abort', () => {
          subscription.unsubscribe();
          reject(new RobotError('aborted', 'The page stopped waiting for the removal.'));
        });
      });
    },
  };
}
