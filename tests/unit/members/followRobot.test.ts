import { describe, expect, it, vi } from 'vitest';
import type { ActorRef, Snapshot } from 'xstate';
import type { MemberListEvent } from '../../../machines/memberList/machine';
import { createApiClient } from '../../../src/api/client';
import { createRobotActor } from '../../../src/app/robotActor';
import { followRobot, removalRobotOf } from '../../../src/features/members/followRobot';
import { RobotError, type Robot, type RobotState } from '../../../src/robot/protocol';
import { initialRobotState } from '../../../src/robot/stateStore';

const api = createApiClient({ baseUrl: 'http://api.invalid/api/v1', fetch: () => Promise.reject(new Error('not called')) });
const GROUP = { id: 7, name: 'Sourdough Bakers', fb_group_id: '100200300', fb_slug: 'sourdough' };
const MEMBERS = [{ id: 1, fb_user_id: '9001', name: 'Ada Baker' }];

/** A robot whose presence the test sets and whose commands end when the test says. */
function fakeRobot(presence: RobotState['presence']) {
  let state: RobotState = { ...initialRobotState(), presence, robot_version: '2.4.0' };
  const listeners = new Set<(next: RobotState) => void>();
  const endings: Array<{ resolve: (value: never) => void; reject: (error: unknown) => void }> = [];
  const robot: Robot = {
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    configure: () => {},
    run: vi.fn(() => new Promise<never>((resolve, reject) => endings.push({ resolve, reject }))) as Robot['run'],
    reload: () => {},
  };
  const actor = createRobotActor({ robot, api, onRobotVersion: () => {} });
  actor.start();
  return {
    robot,
    actor,
    setPresence: (next: RobotState['presence']) => {
      state = { ...state, presence: next };
      listeners.forEach((listener) => listener(state));
    },
    finish: () => endings.shift()!.resolve({ job_id: 1, removed: 1 } as never),
    fail: (error: unknown) => endings.shift()!.reject(error),
  };
}

function recordingMemberList() {
  const sent: MemberListEvent[] = [];
  return { sent, memberList: { send: (event: MemberListEvent) => void sent.push(event) } as unknown as ActorRef<Snapshot<unknown>, MemberListEvent> };
}

describe('the member list following the app robot', () => {
  it('hears whether the robot can take a removal and which job runs for its group', async () => {
    const fake = fakeRobot('notInstalled');
    const { sent, memberList } = recordingMemberList();
    const stop = followRobot(fake.actor, memberList, GROUP.id);
    expect(sent).toEqual([{ type: 'robot.availability.changed', unavailable: 'notInstalled' }]);

    fake.setPresence('ready');
    expect(sent.at(-1)).toEqual({ type: 'robot.availability.changed', unavailable: null });

    const removal = removalRobotOf(fake.actor).run('remove_group_members', { ...GROUP, members: MEMBERS });
    expect(sent.slice(-2)).toEqual([
      { type: 'robot.availability.changed', unavailable: 'busy' },
      { type: 'robot.job.started', name: 'remove_group_members' },
    ]);
    fake.finish();
    await removal;
    expect(sent.slice(-2)).toEqual([
      { type: 'robot.availability.changed', unavailable: null },
      { type: 'robot.job.finished' },
    ]);
    stop();
    fake.setPresence('disconnected');
    expect(sent.at(-1)).toEqual({ type: 'robot.job.finished' });
  });

  it('ignores a job of another group', () => {
    const fake = fakeRobot('ready');
    const { sent, memberList } = recordingMemberList();
    followRobot(fake.actor, memberList, 99);
    void removalRobotOf(fake.actor).run('remove_group_members', { ...GROUP, members: MEMBERS }).catch(() => {});
    expect(sent).toEqual([
      { type: 'robot.availability.changed', unavailable: null },
      { type: 'robot.availability.changed', unavailable: 'busy' },
    ]);
  });
});

describe('the removal through the app robot', () => {
  it('runs remove_group_members in the robot statechart with the members and settles when it ends', async () => {
    const fake = fakeRobot('ready');
    const removal = removalRobotOf(fake.actor).run('remove_group_members', { ...GROUP, members: MEMBERS });
    expect(fake.robot.run).toHaveBeenCalledWith('remove_group_members', { ...GROUP, members: MEMBERS }, expect.anything());
    fake.finish();
    await expect(removal).resolves.toBeUndefined();
  });

  it("fails with the robot's own reason", async () => {
    const fake = fakeRobot('ready');
    const removal = removalRobotOf(fake.actor).run('remove_group_members', { ...GROUP, members: MEMBERS });
    fake.fail(new RobotError('failed', 'The removal limits do not allow 1 more removal.'));
    await expect(removal).rejects.toThrow('The removal limits do not allow 1 more removal.');
  });

  it('refuses at once when the extension is not installed', async () => {
    const fake = fakeRobot('notInstalled');
    await expect(removalRobotOf(fake.actor).run('remove_group_members', { ...GROUP, members: MEMBERS })).rejects.toMatchObject({ code: 'not_installed' });
    expect(fake.robot.run).not.toHaveBeenCalled();
  });
});
