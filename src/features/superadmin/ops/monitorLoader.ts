import type { ApiClient } from '../../../api/client';
import { loadMonitor, type Loaded, type Monitor } from './loadOps';

export interface MonitorLoaderData {
  result: Loaded<Monitor>;
}

/** The monitor route's data: the system's figures. */
export async function monitorLoaderData(api: ApiClient, request: Request): Promise<MonitorLoaderData> {
  return { result: await loadMonitor(api, request.signal) };
}
