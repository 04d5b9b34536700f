import { fromPromise } from 'xstate';
import type { ApiClient } from '../../src/api/client';

export interface ServerVersions {
  appVersion: string | null;
  robotVersion: string | null;
}

/** Asks GET /status for the published versions; an unreachable server means nothing new was learned. */
export const fetchServerVersions = fromPromise<ServerVersions, { api: ApiClient }>(async ({ input, signal }) => {
  try {
    const { data } = await input.api.GET('/status', { signal });
    return { appVersion: data?.app_version ?? null, robotVersion: data?.robot_version ?? null };
  } catch {
    return { appVersion: null, robotVersion: null };
  }
});
