import { createActor, fromCallback } from 'xstate';
import { createApiClient } from '../src/api/client';
import type { Robot } from '../src/robot/protocol';
import { robotMachine, type RobotEvent } from '../machines/robot/machine';

/** An extension the stories never reach: the machine's watcher and commands are replaced, and configuring it does nothing. */
export const silentRobot: Robot = {
  getState: () => {
    throw new Error('the stories send what the robot reports');
  },
  subscribe: () => () => {},
  configure: () => {},
  run: () => Promise.reject(new Error('the stories send what the robot reports')),
  reload: () => {},
};

/** A server the stories never reach: the fixtures answer every call. */
export const unreachableApi = createApiClient({
  baseUrl: 'http://api.invalid/api/v1',
  fetch: () => Promise.reject(new Error('the fixtures answer every call')),
});

/** Nothing comes back: the robot hears only the events the story sends it. */
const silent = fromCallback(() => {});

/**
 * The app's robot for a workflow's story: a real robot machine, started anew and brought to its
 * state by the events the extension and the page send (detected, lost, a command started). Its
 * extension and the server never answer, so a command it runs stays running.
 */
export function storyRobot(events: RobotEvent[]) {
  const robot = createActor(
    robotMachine.provide({ actors: { watchRobot: silent, runRobotCommand: silent, fetchRobotJobs: silent } as never }),
    { input: { robot: silentRobot, api: unreachableApi } },
  );
  robot.start();
  for (const event of events) robot.send(event);
  return robot;
}
