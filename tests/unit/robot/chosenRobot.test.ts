import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHOOSE_RETRY_MS, createChosenRobot } from '../../../src/robot/chosenRobot';
import type { Robot, RobotState } from '../../../src/robot/protocol';
import { initialRobotState } from '../../../src/robot/stateStore';
import { identity } from './fakes';

function readyRobot() {
  const listeners = new Set<(state: RobotState) => void>();
  let state: RobotState = { ...initialRobotState(), presence: 'ready', installed: true, robot_version: '2.4.0' };
  const robot: Robot = {
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    configure: vi.fn(),
    run: vi.fn(async () => ({ job_id: 3, members: 10 })) as Robot['run'],
    reload: vi.fn(),
  };
  return {
    robot,
    change(patch: Partial<RobotState>) {
      state = { ...state, ...patch };
      listeners.forEach((listener) => listener(state));
    },
  };
}

const group = { id: 1, name: 'Backyard Beekeepers Circle', fb_group_id: '1402385749123001', fb_slug: null };

afterEach(() => vi.useRealTimers());

describe('the chosen robot', () => {
  it('is detecting until the choice is made, then is the chosen robot, configured as asked meanwhile', async () => {
    const inner = readyRobot();
    let choose: (robot: Robot) => void = () => {};
    const robot = createChosenRobot(() => new Promise((resolve) => (choose = resolve)));
    const seen: string[] = [];
    robot.subscribe((state) => seen.push(state.presence));
    robot.configure(identity);
    const result = robot.run('fetch_group_members', group);
    expect(robot.getState().presence).toBe('detecting');

    choose(inner.robot);
    await expect(result).resolves.toEqual({ job_id: 3, members: 10 });
    expect(inner.robot.configure).toHaveBeenCalledWith(identity);
    expect(robot.getState().robot_version).toBe('2.4.0');
    inner.change({ presence: 'disconnected' });
    expect(seen).toEqual(['ready', 'disconnected']);
    robot.reload();
    expect(inner.robot.reload).toHaveBeenCalledOnce();
  });

  it('asks again a while after the choice could not be made', async () => {
    vi.useFakeTimers();
    const inner = readyRobot();
    const choose = vi.fn<() => Promise<Robot>>().mockRejectedValueOnce(new Error('The server did not answer.')).mockResolvedValue(inner.robot);
    const robot = createChosenRobot(choose);
    await vi.advanceTimersByTimeAsync(CHOOSE_RETRY_MS - 1);
    expect(robot.getState().presence).toBe('detecting');
    await vi.advanceTimersByTimeAsync(1);
    expect(choose).toHaveBeenCalledTimes(2);
    expect(robot.getState().presence).toBe('ready');
  });
});
