import type { ApiClient } from '../../api/client';
import { failureReason } from '../../api/failureReason';
import type { components } from '../../api/schema';

export type Status = components['schemas']['Status'];

/** GET /status: feature toggles, sandbox mode, versions. Pages cannot be built without it, so a failure throws. */
export async function fetchStatus(api: ApiClient, signal: AbortSignal): Promise<Status> {
  const { data, error, response } = await api.GET('/status', { signal });
  if (!data) throw new Error(`The server status could not be read. ${failureReason(error, response)}`);
  return data;
}
