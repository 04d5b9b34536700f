import type { Robot, RobotIdentity, RobotState } from './protocol';
import { initialRobotState } from './stateStore';

/** How long to wait before asking again which robot to use when the answer could not be had. */
export const CHOOSE_RETRY_MS = 5_000;

/**
 * A robot that becomes the one `choose` settles on (the sandbox robot or the extension bridge,
 * which depends on GET /status), so the app can hold a robot from the start. Until then it is
 * detecting, and commands wait for the choice.
 */
export function createChosenRobot(choose: () => Promise<Robot>, retryMs = CHOOSE_RETRY_MS): Robot {
  const detecting = initialRobotState();
  const listeners = new Set<(state: RobotState) => void>();
  let chosen: Robot | null = null;
  let identity: RobotIdentity | null = null;
  let resolveChoice: (robot: Robot) => void = () => {};
  const choice = new Promise<Robot>((resolve) => (resolveChoice = resolve));

  const attempt = () =>
    choose().then(
      (robot) => {
        chosen = robot;
        robot.configure(identity);
        robot.subscribe((state) => listeners.forEach((listener) => listener(state)));
        listeners.forEach((listener) => listener(robot.getState()));
        resolveChoice(robot);
      },
      () => setTimeout(attempt, retryMs),
    );
  void attempt();

  return {
    getState: () => chosen?.getState() ?? detecting,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    configure(next) {
      identity = next;
      chosen?.configure(next);
    },
    async run(command, args, options) {
      return (await choice).run(command, args, options);
    },
    reload() {
      chosen?.reload();
    },
  };
}
