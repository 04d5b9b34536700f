import type { ApiClient } from '../api/client';
import { createChosenRobot } from '../robot/chosenRobot';
import type { BridgePage } from '../robot/extensionBridge';
import type { Robot } from '../robot/protocol';

/**
 * The sandbox robot when the server runs the sandbox world (GET /status sandbox), else the bridge to the installed extension.
 * Only the chosen one's code is fetched, once the answer is in: the first page does not wait for either.
 */
export function createAppRobot(api: ApiClient, page: BridgePage): Robot {
  return createChosenRobot(async () => {
    const { data } = await api.GET('/status');
    if (!data) throw new Error('The server status could not be read to choose the robot.');
    if (data.sandbox) return (await import('../robot/sandboxRobot')).createSandboxRobot({ api });
    return (await import('../robot/extensionBridge')).createExtensionBridge({ page, api });
  });
}
