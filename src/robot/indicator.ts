import type { components } from '../api/schema';
import type { RobotIndicator } from '../app/shell/types';

type Status = components['schemas']['Status'];

/**
 * What the sidebar says about the robot, until the extension bridge reports for itself:
 * in sandbox mode the sandbox robot is there while the lab keeps it connected; elsewhere
 * the app cannot see an extension yet, so it says none is installed.
 */
export function robotIndicator(status: Status): RobotIndicator {
  const installed = status.sandbox && status.sandbox_toggles?.extension_connected === true;
  return { installed, version: installed ? status.robot_version : null };
}
