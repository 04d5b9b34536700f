import type { ApiClient } from '../../api/client';
import type { StateStore } from '../stateStore';

export const SANDBOX_ROBOT_IDENTITY = {
  extension_id: 'xfilter-sandbox-robot',
  extension_name: 'xFilter Sandbox Robot',
};

/**
 * Whether the lab keeps the sandbox robot connected (GET /status sandbox_toggles.extension_connected),
 * asked on demand and, while someone is signed in, every `checkEveryMs`. A server that cannot be
 * asked leaves the robot disconnected: it could not work without the server anyway.
 */
export function createSandboxConnection(api: ApiClient, store: StateStore, checkEveryMs: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let watching = false;

  const check = async () => {
    try {
      const { data } = await api.GET('/status');
      if (!data) return store.update({ presence: 'disconnected' });
      store.update({
        ...SANDBOX_ROBOT_IDENTITY,
        presence: data.sandbox_toggles?.extension_connected ? 'ready' : 'disconnected',
        extension_version: data.robot_version,
        robot_version: data.robot_version,
        latest_robot_version: data.robot_version,
      });
    } catch {
      store.update({ presence: 'disconnected' });
    }
  };

  const checkPeriodically = () => {
    timer = setTimeout(async () => {
      await check();
      if (watching) checkPeriodically();
    }, checkEveryMs);
  };

  return {
    check,
    /** Checks every `checkEveryMs` while `on`; stops when not. */
    watch(on: boolean) {
      if (on === watching) return;
      watching = on;
      clearTimeout(timer);
      if (on) checkPeriodically();
    },
  };
}
