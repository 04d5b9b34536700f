import type { ApiClient } from '../../api/client';

export interface ServerStatus {
  appVersion: string;
  robotVersion: string;
  sandbox: boolean;
}

export type ServerStatusResult = { state: 'ready'; status: ServerStatus } | { state: 'failed'; reason: string };

function describeFailure(response: Response | undefined, error: unknown): string {
  const message =
    typeof error === 'object' && error !== null && 'error' in error
      ? (error as { error: { message?: string } }).error.message
      : undefined;
  const answer = response ? `It answered with HTTP ${response.status}` : 'It did not answer';
  return message ? `${answer}: ${message}` : `${answer}.`;
}

/** Reads GET /status; a server that cannot be reached is an expected outcome, returned as a value. */
export async function loadServerStatus(api: ApiClient, signal: AbortSignal): Promise<ServerStatusResult> {
  try {
    const { data, error, response } = await api.GET('/status', { signal });
    if (!data) return { state: 'failed', reason: describeFailure(response, error) };
    return {
      state: 'ready',
      status: { appVersion: data.app_version, robotVersion: data.robot_version, sandbox: data.sandbox },
    };
  } catch (error) {
    return { state: 'failed', reason: describeFailure(undefined, error) };
  }
}
