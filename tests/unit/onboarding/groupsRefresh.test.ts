import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../src/api/client';
import { createGroupsSource } from '../../../src/api/groupsSource';
import { freeGroup, monthlyGroup } from '../support/sessionFixtures';

const answer = (groups: unknown[]) => () =>
  new Response(JSON.stringify({ groups }), { headers: { 'Content-Type': 'application/json' } });

describe('the groups source after onboarding acquires a group', () => {
  it('asks GET /groups again for the same session once refreshed', async () => {
    const answers = [answer([freeGroup]), answer([freeGroup, monthlyGroup])];
    const fetch = vi.fn(() => Promise.resolve(answers.shift()!()));
    const groups = createGroupsSource(createApiClient({ baseUrl: 'http://xfilter.test/api/v1', fetch }));
    await expect(groups.load('token')).resolves.toEqual([freeGroup]);
    groups.refresh();
    await expect(groups.load('token')).resolves.toEqual([freeGroup, monthlyGroup]);
    await groups.load('token');
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
