import { describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { checkRobot } from '../../../machines/onboarding/actors';
import type { Robot, RobotState } from '../../../src/robot/protocol';

function robotState(patch: Partial<RobotState>): RobotState {
  return {
    presence: 'detecting',
    installed: false,
    extension_id: null,
    extension_version: null,
    extension_name: null,
    robot_version: null,
    latest_robot_version: '2.5.0',
    active_jobs: [],
    scheduled_jobs: [],
    ...patch,
  };
}

/** A robot whose state the test changes, telling its listeners like the real ones do. */
function fakeRobot(initial: RobotState) {
  let state = initial;
  const listeners = new Set<(next: RobotState) => void>();
  const robot = {
    getState: () => state,
    subscribe: (listener: (next: RobotState) => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  } as unknown as Robot;
  return {
    robot,
    listeners,
    change(next: RobotState) {
      state = next;
      listeners.forEach((listener) => listener(next));
    },
  };
}

describe('checking the robot', () => {
  it('answers at once when the robot knows whether it is there', async () => {
    const { robot } = fakeRobot(robotState({ presence: 'ready', installed: true, robot_version: '2.5.0', extension_version: '1.8.2' }));
    const status = await toPromise(createActor(checkRobot, { input: { robot } }).start());
    expect(status).toEqual({ presence: 'ready', robotVersion: '2.5.0', extensionVersion: '1.8.2' });
  });

  it('waits while the robot is still detecting, then stops listening', async () => {
    const fake = fakeRobot(robotState({}));
    const check = createActor(checkRobot, { input: { robot: fake.robot } }).start();
    fake.change(robotState({ presence: 'detecting' }));
    expect(check.getSnapshot().status).toBe('active');
    fake.change(robotState({ presence: 'notInstalled' }));
    expect(await toPromise(check)).toEqual({ presence: 'notInstalled', robotVersion: null, extensionVersion: null });
    expect(fake.listeners.size).toBe(0);
  });

  it('stops listening when the wizard stops waiting', () => {
    const fake = fakeRobot(robotState({}));
    const check = createActor(checkRobot, { input: { robot: fake.robot } }).start();
    check.stop();
    expect(fake.listeners.size).toBe(0);
  });
});
