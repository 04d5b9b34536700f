// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SPEC_TEXT_FILTER_DEBOUNCE_MS } from '../../../support/spec-numbers';
import { stubResizeObserverForSuite } from '../../../support/resize-observer';
import { adaMember, adminUser, otto } from './fixtures';
import { advance, fakeTimers, untilShown } from '../../app/support/steppedTimers';
import { openAsSupervisor, type Answer } from './recordsApp';

stubResizeObserverForSuite();
afterEach(() => vi.useRealTimers());

const usersAnswer: Answer = (server, url) => {
  if (url.pathname === '/api/v1/supervisor/users') return server.json({ users: [adminUser, otto], count: 60 });
  if (url.pathname === '/api/v1/autocomplete/members') {
    return server.json({ matches: [{ id: adaMember.id, name: adaMember.name, avatar_url: null, description: adaMember.fb_user_id }] });
  }
  return undefined;
};

const usersCalls = (app: ReturnType<typeof openAsSupervisor>) => app.callsTo('GET', '/supervisor/users').map((call) => call.url.searchParams);

describe('the supervisor users list', () => {
  it('asks for the first page of 25, by name ascending, and shows each user linked to their profile', async () => {
    const app = openAsSupervisor('/superadmin/users', usersAnswer);
    expect(await screen.findByText('60 users')).toBeInTheDocument();
    expect(Object.fromEntries(usersCalls(app)[0]!)).toEqual({ page: '1', per_page: '25', role: 'any', sort_by: 'name', sort_direction: 'asc' });
    expect(screen.getByRole('link', { name: 'Otto Owner' })).toHaveAttribute('href', `/superadmin/users/${otto.id}`);
    expect(app.search()).toBe('');
  });

  it("puts the plans ticked in the address, pipe-separated, back on page 1, replacing the entry, and asks for them", async () => {
    const app = openAsSupervisor('/superadmin/users?page=2', usersAnswer);
    await screen.findByText('60 users');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Annual' }));
    await waitFor(() => expect(app.search()).toBe('?subscribed_plan=annual'));
    expect(app.router.state.historyAction).toBe('REPLACE');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Monthly' }));
    await waitFor(() => expect(new URLSearchParams(app.search()).get('subscribed_plan')).toBe('annual|monthly'));
    await waitFor(() => expect(usersCalls(app).at(-1)!.get('subscribed_plan')).toBe('annual|monthly'));
    expect(usersCalls(app).at(-1)!.get('page')).toBe('1');
    expect(screen.getByRole('checkbox', { name: 'Lifetime' })).not.toBeChecked();
  });

  it('takes the plans and other filters from the address it is opened at', async () => {
    const app = openAsSupervisor('/superadmin/users?subscribed_plan=once%7Cfree&is_locked=true&role=banned', usersAnswer);
    await screen.findByText('60 users');
    expect(screen.getByRole('checkbox', { name: 'Lifetime' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Free' })).toBeChecked();
    expect(screen.getByLabelText('Locked group')).toHaveValue('true');
    expect(screen.getByLabelText('Kind')).toHaveValue('banned');
    expect(Object.fromEntries(usersCalls(app)[0]!)).toMatchObject({ subscribed_plan: 'once|free', is_locked: 'true', role: 'banned' });
  });

  it('resets the role when the member filter changes (part 2 §4)', async () => {
    const app = openAsSupervisor('/superadmin/users?role=supervisor&per_page=50', usersAnswer);
    await screen.findByText('60 users');
    // Into the box, then the name, as a user types. The focus re-renders the picker, and React first runs
    // the effects of the page just shown ('60 users' shows before them): in StrictMode it runs them, cleans
    // them up and runs them again, and the picker's clean-up cancels its pending search, so a name typed
    // sooner is never looked up.
    const memberBox = screen.getByLabelText('Member');
    act(() => memberBox.focus());
    expect(memberBox).toHaveFocus();
    fireEvent.change(memberBox, { target: { value: 'Ada' } });
    // The option may still be in the panel's opening transition, where it counts as hidden.
    fireEvent.click(await screen.findByRole('option', { name: /Ada Admin/, hidden: true }));
    await waitFor(() => expect(app.search()).toBe(`?member_id=${adaMember.id}&per_page=50`));
    expect(screen.getByLabelText('Kind')).toHaveValue('any');
    expect(app.callsTo('GET', '/autocomplete/members')[0]!.url.searchParams.get('group_id')).toBeNull();
    // The picker shows the member chosen, with a reset that clears the filter (and the role again).
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'regular' } });
    await waitFor(() => expect(Object.fromEntries(new URLSearchParams(app.search()))).toEqual({ member_id: String(adaMember.id), role: 'regular', per_page: '50' }));
    fireEvent.click(screen.getByRole('button', { name: 'Stop filtering by Ada Admin' }));
    await waitFor(() => expect(app.search()).toBe('?per_page=50'));
    expect(screen.getByLabelText('Member')).toHaveValue('');
  });

  it('searches once typing pauses for 1000 ms', async () => {
    const app = openAsSupervisor('/superadmin/users', usersAnswer);
    await screen.findByText('60 users');
    fakeTimers();
    const searchBox = screen.getByLabelText('Search');
    fireEvent.change(searchBox, { target: { value: 'otto' } });
    // The box shows the text once the list's filters have it: they start with the page's effects,
    // which can still be pending when '60 users' shows, and the pause is counted from there.
    await untilShown(() => expect(searchBox).toHaveValue('otto'));
    await advance(SPEC_TEXT_FILTER_DEBOUNCE_MS - 1);
    expect(app.search()).toBe('');
    await advance(1);
    vi.useRealTimers();
    await waitFor(() => expect(app.search()).toBe('?search=otto'));
    await waitFor(() => expect(usersCalls(app).at(-1)!.get('search')).toBe('otto'));
  });

  it('sorts by a column header, by keyboard too', async () => {
    const app = openAsSupervisor('/superadmin/users', usersAnswer);
    await screen.findByText('60 users');
    const email = screen.getByRole('columnheader', { name: /Email/ });
    fireEvent.keyDown(email, { key: 'Enter' });
    await waitFor(() => expect(app.search()).toBe('?sort_by=email'));
    fireEvent.keyDown(screen.getByRole('columnheader', { name: /Email/ }), { key: 'Enter' });
    await waitFor(() => expect(app.search()).toBe('?sort_by=email&sort_direction=desc'));
    expect(screen.getByRole('columnheader', { name: /Email/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('pages with the sticky bar, and a new page size goes back to page 1', async () => {
    const app = openAsSupervisor('/superadmin/users', usersAnswer);
    await screen.findByText('60 users');
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(app.search()).toBe('?page=2'));
    fireEvent.change(screen.getByRole('combobox', { name: 'Change items per page' }), { target: { value: '100' } });
    await waitFor(() => expect(app.search()).toBe('?per_page=100'));
    expect(within(screen.getByRole('combobox', { name: 'Change items per page' })).getAllByRole('option').map((option) => option.textContent)).toEqual(['25', '50', '100']);
  });

  it('clears every filter with Reset, and loads again when none was set', async () => {
    const app = openAsSupervisor('/superadmin/users?role=banned&subscribed_plan=annual&search=ott', usersAnswer);
    await screen.findByText('60 users');
    expect(screen.getByLabelText('Search')).toHaveValue('ott');
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(app.search()).toBe(''));
    expect(screen.getByLabelText('Search')).toHaveValue('');
    await waitFor(() => expect(usersCalls(app)).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(usersCalls(app)).toHaveLength(3));
    expect(app.search()).toBe('');
  });

  it("tells when the list cannot be loaded, with the server's reason", async () => {
    openAsSupervisor('/superadmin/users', (server, url) =>
      url.pathname === '/api/v1/supervisor/users' ? server.failure(500, 'internal', 'The database is asleep.') : undefined,
    );
    expect(await screen.findByText('The users could not be loaded. The database is asleep.')).toBeInTheDocument();
  });
});
