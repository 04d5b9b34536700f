import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../src/api/client';
import { createGroupsSource } from '../../../src/api/groupsSource';
import { freeGroup, monthlyGroup } from '../support/sessionFixtures';

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

  it('asks again on refresh and tells its listeners the newer groups', async () => {
    const both = () => new Response(JSON.stringify({ groups: [freeGroup, monthlyGroup] }), { headers: { 'Content-Type': 'application/json' } });
    const { api, fetch } = groupsApi([ok, both]);
    const groups = createGroupsSource(api);
    const listener = vi.fn();
    groups.subscribe(listener);
    expect(groups.current()).toBeNull();
    await groups.load('a');
    expect(groups.current()).toEqual([freeGroup]);

    groups.refresh();
    await vi.waitFor(() => expect(groups.current()).toEqual([freeGroup, monthlyGroup]));
    expect(listener).toHaveBeenCalledTimes(2);
    await expect(groups.load('a')).resolves.toEqual([freeGroup, monthlyGroup]);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('keeps the groups it has when a refresh fails', async () => {
    const { api } = groupsApi([ok, down]);
    const groups = createGroupsSource(api);
    await groups.load('a');
    groups.refresh();
    await expect(groups.load('a')).resolves.toEqual([freeGroup]);
    expect(groups.current()).toEqual([freeGroup]);
  });

  it('lets a newer answer win over an older one that arrives later', async () => {
    const answers: Array<(response: Response) => void> = [];
    const fetch = vi.fn(() => new Promise<Response>((resolve) => answers.push(resolve)));
    const groups = createGroupsSource(createApiClient({ baseUrl: 'http://xfilter.test/api/v1', fetch }));
    const first = groups.load('a');
    groups.refresh();
    const listOf = (group: typeof freeGroup) => new Response(JSON.stringify({ groups: [group] }), { headers: { 'Content-Type': 'application/json' } });
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    answers[1](listOf(monthlyGroup));
    await vi.waitFor(() => expect(groups.current()).toEqual([monthlyGroup]));
    answers[0](listOf(freeGroup));
    await first;
    expect(groups.current()).toEqual([monthlyGroup]);
  });

  it('does nothing on refresh before the first load', () => {
    const { api, fetch } = groupsApi([ok]);
    createGroupsSource(api).refresh();
    expect(fetch).not.toHaveBeenCalled();
  });
});
