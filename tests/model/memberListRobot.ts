import { groupOnPlan } from '../../src/features/members/fixtures';
import { settle } from './support/deferredActor';
import type { System } from './memberListModel';

const GROUP = groupOnPlan(false);

/** A members scan's arguments for a group of the admin's. */
export const scanArgs = (id: number) => ({ id, name: GROUP.name, fb_group_id: GROUP.fb_group_id, fb_slug: GROUP.fb_slug });

/** The robot runs a members scan of a group to its end, announcing it started and finished. */
export async function runMembersScan(system: System, groupId: number) {
  system.robot.send({ type: 'robot.command.start', request: { command: 'fetch_group_members', args: scanArgs(groupId) } });
  system.fakeRobot.lastRun().resolve({});
  await settle();
}
