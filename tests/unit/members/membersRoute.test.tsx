// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SPEC_TEXT_FILTER_DEBOUNCE_MS } from '../../support/spec-numbers';
import { THREE_MEMBERS } from '../../../src/features/members/fixtures';
import { adminUser, freeGroup, monthlyGroup } from '../support/sessionFixtures';
import { renderApp, signedInStorage } from '../app/support/appHarness';
import { createFakeServer, type FakeServer } from '../app/support/fakeServer';
import { advance, fakeTimers, untilShown } from '../app/support/steppedTimers';

type Answer = (server: FakeServer, url: URL, request: Request) => Response | undefined;

function openAs(path: string, answers: { account?: Answer; export?: Answer; list?: Answer; move?: Answer } = {}) {
  const server = createFakeServer([
    { account: { id: 'ada', name: 'Ada Admin', description: 'Group admin.', role: 'group_admin' }, user: adminUser, groups: [freeGroup, monthlyGroup] },
  ]);
  const asked: URL[] = [];
  const requests: Request[] = [];
  server.override((request) => {
    const url = new URL(request.url);
    const groupCall = /\/groups\/\d+\/(members(\/export|\/whitelisted)?|account)$/.exec(url.pathname);
    if (!groupCall) return undefined;
    requests.push(request);
    if (groupCall[1] === 'account') return answers.account?.(server, url, request) ?? server.failure(501, 'not_implemented', 'Not built.');
    if (groupCall[2] === '/export') return answers.export?.(server, url, request);
    if (groupCall[2] === '/whitelisted') return answers.move?.(server, url, request);
    asked.push(url);
    return answers.list?.(server, url, request) ?? server.json(THREE_MEMBERS);
  });
  const token = server.signIn('ada');
  const app = renderApp({ server, path, storage: signedInStorage(token) });
  return { ...app, token, asked, requests, search: () => app.router.state.location.search };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the members route', () => {
  it('asks for the list the path names with the filters the address holds', async () => {
    const app = openAs(`/${freeGroup.fb_group_id}/members/inactive?search=ann&page=2&sort_by=posts_count&sort_direction=desc`);
    expect(await screen.findByRole('checkbox', { name: 'Select Ada Baker' })).toBeInTheDocument();
    const asked = app.asked.at(-1)!;
    expect(asked.pathname).toBe(`/api/v1/groups/${freeGroup.id}/members`);
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      list: 'inactive',
      page: '2',
      per_page: '25',
      search: 'ann',
      sort_by: 'posts_count',
      sort_direction: 'desc',
    });
    expect(screen.getByPlaceholderText('Type here to Search Member')).toHaveValue('ann');
  });

  it('opens the active list at /members, and replaces filters it does not know with their defaults', async () => {
    const app = openAs(`/${freeGroup.fb_group_id}/members?per_page=7&sort_by=password`);
    await screen.findByRole('checkbox', { name: 'Select Ada Baker' });
    expect(Object.fromEntries(app.asked.at(-1)!.searchParams)).toMatchObject({ list: 'active', per_page: '25', sort_by: 'name' });
  });

  it('puts a typed search in the address once typing pauses, back on page 1, replacing the history entry', async () => {
    const app = openAs(`/${freeGroup.fb_group_id}/members/inactive?page=3`);
    // The list has loaded before typing, so the box typed into is the one that stays.
    await screen.findByRole('checkbox', { name: 'Select Ada Baker' });
    const box = screen.getByLabelText('Search members');
    fakeTimers();
    fireEvent.change(box, { target: { value: 'cleo' } });
    await untilShown(() => expect(box).toHaveValue('cleo'));
    await advance(SPEC_TEXT_FILTER_DEBOUNCE_MS - 1);
    expect(app.search()).toBe('?page=3');
    await advance(1);
    vi.useRealTimers();
    await waitFor(() => expect(app.search()).toBe('?search=cleo'));
    expect(app.router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(app.asked.at(-1)!.searchParams.get('search')).toBe('cleo'));
    expect(app.asked.at(-1)!.searchParams.get('page')).toBe('1');
  });

  it('opens another list from its tab with the same search, from its first page', async () => {
    const app = openAs(`/${freeGroup.fb_group_id}/members?search=ann&page=2`);
    await screen.findByRole('checkbox', { name: 'Select Ada Baker' });
    fireEvent.click(screen.getByText(/^Removed/));
    await waitFor(() => expect(app.pathname()).toBe(`/${freeGroup.fb_group_id}/members/removed`));
    expect(app.search()).toBe('?search=ann');
    await waitFor(() => expect(app.asked.at(-1)!.searchParams.get('list')).toBe('removed'));
    fireEvent.click(screen.getByText(/^All members/));
    await waitFor(() => expect(app.pathname()).toBe(`/${freeGroup.fb_group_id}/members/all_members`));
    fireEvent.click(screen.getByText(/^Active/));
    await waitFor(() => expect(app.pathname()).toBe(`/${freeGroup.fb_group_id}/members`));
  });

  it('shows the paid and subscription columns on a paid group whose payment account finished onboarding', async () => {
    openAs(`/${monthlyGroup.fb_group_id}/members`, {
      account: (server) => server.json({ properties: { company_name: 'Film Co', onboarding: 'completed' }, tasks: [] }),
    });
    expect(await screen.findByText('$45.00')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Subscription/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move to Removed' })).toBeInTheDocument();
  });

  it('offers the saved views with the payment columns: each opens its list with the paying filter, asked of the server', async () => {
    const app = openAs(`/${monthlyGroup.fb_group_id}/members`, {
      account: (server) => server.json({ properties: { company_name: 'Film Co', onboarding: 'completed' }, tasks: [] }),
    });
    await screen.findByText('$45.00');
    const views = screen.getByRole('combobox', { name: 'Saved view' });
    fireEvent.change(views, { target: { value: 'paying-inactive' } });
    await waitFor(() => expect(app.pathname()).toBe(`/${monthlyGroup.fb_group_id}/members/inactive`));
    expect(app.search()).toBe('?paying=true');
    await waitFor(() => expect(Object.fromEntries(app.asked.at(-1)!.searchParams)).toMatchObject({ list: 'inactive', paying: 'true' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Saved view' }), { target: { value: 'active-not-paying' } });
    await waitFor(() => expect(app.pathname()).toBe(`/${monthlyGroup.fb_group_id}/members`));
    expect(app.search()).toBe('?paying=false');
    await waitFor(() => expect(Object.fromEntries(app.asked.at(-1)!.searchParams)).toMatchObject({ list: 'active', paying: 'false' }));
    expect(screen.getByRole('combobox', { name: 'Saved view' })).toHaveValue('active-not-paying');
    fireEvent.change(screen.getByRole('combobox', { name: 'Saved view' }), { target: { value: '' } });
    await waitFor(() => expect(app.search()).toBe(''));
    await waitFor(() => expect(app.asked.at(-1)!.searchParams.has('paying')).toBe(false));
  });

  it('leaves the payment columns out on a free group, without asking for a payment account', async () => {
    const app = openAs(`/${freeGroup.fb_group_id}/members`);
    await screen.findByRole('checkbox', { name: 'Select Ada Baker' });
    expect(screen.queryByRole('columnheader', { name: /Paid/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Move to Removed' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Saved view' })).toBeNull();
    expect(app.requests.some((request) => request.url.endsWith('/account'))).toBe(false);
  });

  it('downloads the CSV of the current list with the bearer token, named as the server says', async () => {
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:members');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const app = openAs(`/${freeGroup.fb_group_id}/members/inactive?search=ann&sort_by=name&sort_direction=desc`, {
      export: () =>
        new Response('id,name\n1,Ada Baker\n', {
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="backyard-inactive.csv"' },
        }),
    });
    await screen.findByRole('checkbox', { name: 'Select Ada Baker' });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Export CSV' })));
    await waitFor(() => expect(clicked).toHaveLength(1));
    const request = app.requests.find((candidate) => candidate.url.includes('/members/export'))!;
    expect(request.headers.get('Authorization')).toBe(`Bearer ${app.token}`);
    expect(Object.fromEntries(new URL(request.url).searchParams)).toEqual({ list: 'inactive', search: 'ann', sort_by: 'name', sort_direction: 'desc' });
    expect(clicked[0]!.download).toBe('backyard-inactive.csv');
    expect(clicked[0]!.href).toBe('blob:members');
    expect(await createObjectURL.mock.results[0]!.value).toBe('blob:members');
  });

  it('tells in a toast when the export fails', async () => {
    openAs(`/${freeGroup.fb_group_id}/members`, { export: (server) => server.failure(500, 'internal', 'The export broke.') });
    await screen.findByRole('checkbox', { name: 'Select Ada Baker' });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Export CSV' })));
    const toast = await screen.findByText(/The export broke\./);
    expect(within(toast.closest('.p-toast-message') as HTMLElement).getByText('Export failed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  it("shows the server's message when a move is refused, such as on a group locked since the page opened", async () => {
    openAs(`/${monthlyGroup.fb_group_id}/members/inactive`, { move: (server) => server.failure(409, 'conflict', 'Account is locked') });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Ada Baker' }));
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Add to Whitelist' })));
    expect(await screen.findByText('Account is locked')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select Ada Baker' })).toBeInTheDocument();
  });

  it('shows why a search the server holds back answered nothing, with a way to try again', async () => {
    let refuse = true;
    openAs(`/${freeGroup.fb_group_id}/members?search=ann`, {
      list: (server) => (refuse ? server.failure(429, 'too_many_requests', 'Too many searches in a row; try again in a moment') : undefined),
    });
    expect(await screen.findByText(/could not be loaded: Too many searches in a row; try again in a moment/)).toBeInTheDocument();
    refuse = false;
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    expect(await screen.findByRole('checkbox', { name: 'Select Ada Baker' })).toBeInTheDocument();
  });

  it('tells in a toast when the server holds an export back', async () => {
    openAs(`/${freeGroup.fb_group_id}/members`, {
      export: (server) => server.failure(429, 'too_many_requests', 'You have 2 exports running; wait for one to finish, then try again'),
    });
    await screen.findByRole('checkbox', { name: 'Select Ada Baker' });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Export CSV' })));
    expect(await screen.findByText(/You have 2 exports running; wait for one to finish, then try again/)).toBeInTheDocument();
  });
});
