import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../src/api/client';
import { groupChangesWatcher } from '../../../src/api/groupChanges';

function watchedApi(status: number, body: unknown) {
  const onChanged = vi.fn();
  const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })));
  const api = createApiClient({ baseUrl: 'http://xfilter.test/api/v1', fetch });
  api.use(groupChangesWatcher(onChanged));
  return { api, onChanged };
}

const MOVED = { count: 1, removal_limits: null };
const FAILED = { error: { code: 'conflict', message: 'No.' } };

describe('the calls that change the groups', () => {
  it('tells after a member move, a robot removal report and a finished job', async () => {
    const { api, onChanged } = watchedApi(200, MOVED);
    await api.POST('/groups/{id}/members/removed', { params: { path: { id: 1 } }, body: { is_removed: true, ids: [5] } });
    await api.POST('/groups/{id}/members/whitelisted', { params: { path: { id: 1 } }, body: { is_whitelisted: true, ids: [5] } });
    await api.POST('/robot/jobs/{job_id}/removals', { params: { path: { job_id: 4 } }, body: { batch_no: 0, fb_user_ids: ['1'] } });
    expect(onChanged).toHaveBeenCalledTimes(3);
  });

  it('says nothing after a read or a refused write', async () => {
    const reads = watchedApi(200, { groups: [] });
    await reads.api.GET('/groups');
    expect(reads.onChanged).not.toHaveBeenCalled();
    const refused = watchedApi(409, FAILED);
    await refused.api.POST('/groups/{id}/members/removed', { params: { path: { id: 1 } }, body: { is_removed: true, ids: [5] } });
    expect(refused.onChanged).not.toHaveBeenCalled();
  });
});
