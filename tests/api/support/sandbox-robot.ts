import { expect } from 'vitest';
import type { ApiCall } from './robot-client';

/** The robot's part, played through the API: read the sandbox network, report to the ingestion calls. */

export interface ReportedGroup {
  id: number;
  fb_group_id: string;
  name: string;
  role: 'admin' | 'subscriber';
  is_acquired: boolean;
}

/** fetch_user_groups: every network group of the user, reported to POST /robot/user_groups. */
export async function reportUserGroups(call: ApiCall): Promise<ReportedGroup[]> {
  const network = await call('GET', '/sandbox/network/groups');
  expect(network.status).toBe(200);
  const reported = await call('POST', '/robot/user_groups', { payload: { groups: network.body.groups } });
  expect(reported.status).toBe(200);
  return reported.body.groups;
}

/** fetch_group_owners: the group's admins, reported to POST /robot/groups/{id}/owners. */
export async function reportOwners(call: ApiCall, group: { id: number; fb_group_id: string }) {
  const admins = await call('GET', '/sandbox/network/groups/{fb_group_id}/admins', { url: `/sandbox/network/groups/${group.fb_group_id}/admins` });
  expect(admins.status).toBe(200);
  return call('POST', '/robot/groups/{id}/owners', { url: `/robot/groups/${group.id}/owners`, payload: { admins: admins.body.admins } });
}
