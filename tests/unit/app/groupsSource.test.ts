import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../src/api/client';
import { createGroupsSource } from '../../../src/api/groupsSource';
import { freeGroup } from '../support/sessionFixtures';

function groupsApi(answers: Array<() => Response>) {
  const fetch = vi.fn(() => Promise.resolve((answers.shift() ?? answers[0])()));
  return { api: createApiClient({ baseUrl: 'http://xfilter.test/api/v1', fetch }), fetch };
}

const ok = () => new Response(JSON.stringify({ groups: [freeGroup] }), { headers: { 'Content-Type': 'application/json' } });
const down = () => new Response(JSON.stringify({ error: { code: 'internal', message: 'Down.' } }), { status: 500 });

describe('the groups source', () => {
  it('asks once per session token', async () => {
    const { api, fetch } = groupsApi([ok, ok]);
    const groups = createGroupsSource(api);
    await expect(groups.load('a')).resolves.toEqual([freeGroup]);
    await groups.load('a');
    expect(fetch).toHaveBeenCalledTimes(1);
    await groups.load('b');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('asks again after a failure', async () => {
    const { api, fetch } = groupsApi([down, ok]);
    const groups = createGroupsSource(api);
    await expect(groups.load('a')).rejects.toThrow('Your groups could not be loaded. Down.');
    await expect(groups.load('a')).resolves.toEqual([freeGroup]);
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
