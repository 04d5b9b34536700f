import type { RobotPresence, RobotState } from './protocol';

/** An extension answers in these presences; a disconnected sandbox robot or a missing extension does not. */
function isInstalled(presence: RobotPresence): boolean {
  return presence === 'ready' || presence === 'outdated';
}

/** What a robot knows before it has heard from anyone: nothing installed yet, no versions, no jobs. */
export function initialRobotState(): RobotState {
  return {
    presence: 'detecting',
    installed: false,
    extension_id: null,
    extension_version: null,
    extension_name: null,
    robot_version: null,
    latest_robot_version: '',
    active_jobs: [],
    scheduled_jobs: [],
  };
}

/**
 * A robot's state and its listeners. `update` tells them only when something changed, and keeps
 * `installed` in step with the presence.
 */
export function createStateStore() {
  let state = initialRobotState();
  const listeners = new Set<(state: RobotState) => void>();
  const subscribe = (listener: (state: RobotState) => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  const update = (patch: Partial<RobotState>) => {
    const next = { ...state, ...patch };
    next.installed = isInstalled(next.presence);
    if ((Object.keys(next) as Array<keyof RobotState>).every((key) => Object.is(state[key], next[key]))) return;
    state = next;
    for (const listener of listeners) listener(state);
  };
  /** Resolves once the robot has settled on whether it is there (left `detecting`). */
  const settled = (): Promise<RobotPresence> => {
    if (state.presence !== 'detecting') return Promise.resolve(state.presence);
    return new Promise((resolve) => {
      const stop = subscribe(({ presence }) => {
        if (presence === 'detecting') return;
        stop();
        resolve(presence);
      });
    });
  };
  return { get: () => state, update, subscribe, settled };
}

export type StateStore = ReturnType<typeof createStateStore>;
