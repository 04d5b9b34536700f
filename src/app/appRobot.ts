import type { ApiClient } from '../api/client';
import { createChosenRobot } from '../robot/chosenRobot';
import { createExtensionBridge, type BridgePage } from '../robot/extensionBridge';
import type { Robot } from '../robot/protocol';
import { createSandboxRobot } from '../robot/sandboxRobot';

/** The sandbox robot when the server runs the sandbox world (GET /status sandbox), else the bridge to the installed extension. */
export function createAppRobot(api: ApiClient, page: BridgePage): Robot {
  return createChosenRobot(async () => {
    const { data } = await api.GET('/status');
    if (!data) throw new Error('The server status could not be read to choose the robot.');
    return data.sandbox ? createSandboxRobot({ api }) : createExtensionBridge({ page, api });
  });
}
