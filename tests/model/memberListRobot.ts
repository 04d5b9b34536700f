import { MEMBERS_QUERY_DEFAULTS } from '../../machines/memberList/query';
import { toSearchParams, type ListQuery } from '../../machines/listQuery/query';
import { RobotError, type RobotJobName } from '../../src/robot/protocol';
import { groupOnPlan } from '../../src/features/members/fixtures';
import { settle } from './support/deferredActor';
import { GROUP_ID, type System } from './memberListModel';

const GROUP = groupOnPlan(false);

/** A members scan's arguments for a group of the admin's. */
export const scanArgs = (id: number) => ({ id, name: GROUP.name, fb_group_id: GROUP.fb_group_id, fb_slug: GROUP.fb_slug });

/** The robot starts a members scan of a group and keeps it running until the test settles it. */
export function startMembersScan(system: System, groupId: number) {
  system.robot.send({ type: 'robot.command.start', request: { command: 'fetch_group_members', args: scanArgs(groupId) } });
}

/** The robot runs a members scan of a group to its end, announcing it started and finished. */
export async function runMembersScan(system: System, groupId: number) {
  startMembersScan(system, groupId);
  system.fakeRobot.lastRun().resolve({});
  await settle();
}

/** The robot's command running now ends well. */
export async function finishRobotCommand(system: System, result: unknown = { job_id: 1, removed: 2 }) {
  system.fakeRobot.lastRun().resolve(result);
  await settle();
}

/** The robot's command running now fails with the robot's message. */
export async function failRobotCommand(system: System, message: string) {
  system.fakeRobot.lastRun().reject(new RobotError('failed', message));
  await settle();
}

/** The address changes (a link, back, forward): the list query reads it and tells the list. */
export async function changeAddress(system: System, query: ListQuery) {
  system.listQuery.send({ type: 'query.address.changed', search: toSearchParams(query, MEMBERS_QUERY_DEFAULTS) });
  await settle();
}

/**
 * What the robot is doing, as the test drove the fake robot: the job it runs for the page's group,
 * and why it cannot take a command (the presence the test set, or a command still running).
 */
export function robotAsDriven(system: System): { job: RobotJobName | null; unavailable: string | null } {
  const running = system.fakeRobot.waitingRuns();
  const own = running.find((run) => (run.args as { id?: number }).id === GROUP_ID);
  const presence = system.fakeRobot.robot.getState().presence;
  return {
    job: own ? (own.command as RobotJobName) : null,
    unavailable: presence !== 'ready' ? presence : running.length > 0 ? 'busy' : null,
  };
}
