import type { ApiClient } from '../api/client';

export interface RobotVersionStatus {
  /** True when the server says this version is below the minimum it supports (the minimum is never shown). */
  outdated: boolean;
  /** The newest published robot version; null when the server could not be asked. */
  latest: string | null;
}

/**
 * GET /status?robot_version=…: is the installed robot outdated? When the server cannot tell, the
 * robot is given the benefit of the doubt rather than blocked.
 */
export async function readRobotVersionStatus(api: ApiClient, robotVersion: string): Promise<RobotVersionStatus> {
  try {
    const { data } = await api.GET('/status', { params: { query: { robot_version: robotVersion } } });
    return { outdated: data?.robot_outdated === true, latest: data?.robot_version ?? null };
  } catch {
    return { outdated: false, latest: null };
  }
}
