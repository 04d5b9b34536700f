// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubResizeObserverForSuite } from '../../../support/resize-observer';
import { SPEC_TO_DATE_DEBOUNCE_MS } from '../../../support/spec-numbers';
import { adaMember, annualGroup, orphanMember } from './fixtures';
import { advance, fakeTimers, untilShown } from '../../app/support/steppedTimers';
import { openAsSupervisor, type Answer } from './recordsApp';

stubResizeObserverForSuite();
afterEach(() => vi.useRealTimers());

const log = (id: number, overrides: Record<string, unknown> = {}) => ({
  id,
  kind: 'sign_in' as const,
  member_id: null,
  user_id: 7,
  group_id: annualGroup.id,
  created_at: '2026-03-01T15:05:00.000Z',
  data: {},
  ...overrides,
});

const listsAnswer: Answer = (server, url) => {
  switch (url.pathname) {
    case '/api/v1/supervisor/groups':
      return server.json({ groups: [annualGroup], count: 1 });
    case '/api/v1/supervisor/members':
      return server.json({ members: [adaMember, orphanMember], count: 2 });
    case '/api/v1/supervisor/audit_logs':
      return server.json({
        audit_logs: [
          log(1, { kind: 'supervisor_edit', member_id: adaMember.id, data: { ip: '203.0.113.9', diff: { is_locked: [false, true] } } }),
          log(2, { member_id: 777 }),
          log(3, { member_id: adaMember.id, kind: 'sign_out' }),
        ],
        count: 3,
        kinds: ['sign_in', 'sign_out', 'supervisor_edit'],
      });
    case '/api/v1/members/lookup':
      return server.json({ members: [{ id: adaMember.id, name: adaMember.name, avatar_url: null }] });
    case '/api/v1/autocomplete/groups':
      return server.json({ matches: [{ id: annualGroup.id, name: annualGroup.name, avatar_url: null, description: annualGroup.fb_group_id }] });
    default:
      return undefined;
  }
};

describe('the supervisor groups list', () => {
  it('shows each group linked to its profile with its plan, and filters those without members', async () => {
    const app = openAsSupervisor('/superadmin/groups', listsAnswer);
    const row = (await screen.findByRole('link', { name: 'Trail Runners Worldwide' })).closest('tr')!;
    expect(within(row).getByRole('link', { name: 'Trail Runners Worldwide' })).toHaveAttribute('href', `/superadmin/groups/${annualGroup.id}`);
    expect(within(row).getByText('Annual')).toBeInTheDocument();
    expect(within(row).getByText(annualGroup.fb_group_id)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Members'), { target: { value: 'true' } });
    await waitFor(() => expect(app.search()).toBe('?no_member=true'));
    await waitFor(() => expect(app.callsTo('GET', '/supervisor/groups').at(-1)!.url.searchParams.get('no_member')).toBe('true'));
  });
});

describe('the supervisor members list', () => {
  it('filters by a group picked by name, by list, role and linked user, each in the address', async () => {
    const app = openAsSupervisor('/superadmin/members', listsAnswer);
    expect(await screen.findByText('2 members')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Quiet Quentin' })).toHaveAttribute('href', `/superadmin/members/${orphanMember.id}`);
    fireEvent.change(screen.getByLabelText('List'), { target: { value: 'removed' } });
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('User'), { target: { value: 'false' } });
    await waitFor(() => expect(Object.fromEntries(new URLSearchParams(app.search()))).toEqual({ list: 'removed', role: 'admin', has_user: 'false' }));
    // Into the box, then the name, as a user types: the focus re-renders the picker after the page's
    // pending effects, whose clean-up in StrictMode would cancel a search typed sooner.
    const groupBox = screen.getByLabelText('Group');
    act(() => groupBox.focus());
    expect(groupBox).toHaveFocus();
    fireEvent.change(groupBox, { target: { value: 'Trail' } });
    // The option may still be in the panel's opening transition, where it counts as hidden.
    fireEvent.click(await screen.findByRole('option', { name: /Trail Runners Worldwide/, hidden: true }));
    await waitFor(() => expect(new URLSearchParams(app.search()).get('group_id')).toBe(String(annualGroup.id)));
    expect(screen.getByRole('button', { name: 'Stop filtering by Trail Runners Worldwide' })).toBeInTheDocument();
    await waitFor(() => expect(app.callsTo('GET', '/supervisor/members').at(-1)!.url.searchParams.get('group_id')).toBe(String(annualGroup.id)));
  });

  it('shows the group an address filters by under its name', async () => {
    openAsSupervisor(`/superadmin/members?group_id=${annualGroup.id}`, listsAnswer);
    expect(await screen.findByRole('button', { name: 'Stop filtering by Trail Runners Worldwide' })).toBeInTheDocument();
  });
});

describe('the supervisor audit log', () => {
  it('asks for 30 records newest first, words each, names the members of all rows in one lookup per group, and their groups and users', async () => {
    const app = openAsSupervisor('/superadmin/audit_logs', listsAnswer);
    expect(await screen.findByText('3 records')).toBeInTheDocument();
    expect(Object.fromEntries(app.callsTo('GET', '/supervisor/audit_logs')[0]!.url.searchParams)).toEqual({
      page: '1',
      per_page: '30',
      sort_by: 'created_at',
      sort_direction: 'desc',
    });
    expect(screen.getByText('Supervisor Edit: is locked from false to true via 203.0.113.9')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('Ada Admin')).toHaveLength(2));
    const lookups = app.callsTo('GET', '/members/lookup');
    expect(lookups).toHaveLength(1);
    expect(lookups[0]!.url.searchParams.get('group_id')).toBe(String(annualGroup.id));
    expect(lookups[0]!.url.searchParams.get('ids')!.split('|').map(Number).sort()).toEqual([adaMember.id, 777].sort());
    expect(screen.getAllByRole('link', { name: 'Ada Admin' })[0]).toHaveAttribute('href', `/superadmin/members/${adaMember.id}`);
    expect(screen.getByRole('status', { name: 'Loading member 777' })).toBeInTheDocument();
    // The rows' groups and users by name, each kind asked for once; one the server cannot name by its id.
    expect(screen.getAllByRole('link', { name: 'Trail Runners Worldwide' })[0]).toHaveAttribute('href', `/superadmin/groups/${annualGroup.id}`);
    expect(app.callsTo('GET', '/autocomplete/groups').map((call) => call.url.searchParams.get('ids'))).toEqual([String(annualGroup.id)]);
    expect(screen.getAllByRole('link', { name: 'User #7' })[0]).toHaveAttribute('href', '/superadmin/users/7');
  });

  it("shows who acted as '{supervisor} as {user}' on a record made through a switched session", async () => {
    const switchedAnswer: Answer = (server, url, request) => {
      switch (url.pathname) {
        case '/api/v1/supervisor/audit_logs':
          return server.json({ audit_logs: [log(4, { kind: 'card_updated', user_id: 11, switched_by_user_id: 12 })], count: 1, kinds: ['card_updated'] });
        case '/api/v1/autocomplete/users':
          return server.json({
            matches: [
              { id: 11, name: 'Ada Admin', avatar_url: null, description: 'ada.admin@example.com' },
              { id: 12, name: 'Sam Supervisor', avatar_url: null, description: 'sam@example.com' },
            ],
          });
        default:
          return listsAnswer(server, url, request);
      }
    };
    const app = openAsSupervisor('/superadmin/audit_logs', switchedAnswer);
    const supervisor = await screen.findByRole('link', { name: 'Sam Supervisor' });
    expect(supervisor.closest('td')).toHaveTextContent(/^Sam Supervisor as Ada Admin$/);
    expect(supervisor).toHaveAttribute('href', '/superadmin/users/12');
    expect(screen.getByRole('link', { name: 'Ada Admin' })).toHaveAttribute('href', '/superadmin/users/11');
    expect(app.callsTo('GET', '/autocomplete/users').map((call) => call.url.searchParams.get('ids')!.split('|').sort())).toEqual([['11', '12']]);
  });

  it('filters by kind, pipe-separated, and by days, the to-day settling for 200 ms', async () => {
    const app = openAsSupervisor('/superadmin/audit_logs?per_page=50', listsAnswer);
    await screen.findByText('3 records');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Sign Out' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Sign In' }));
    await waitFor(() => expect(new URLSearchParams(app.search()).get('kind')).toBe('sign_in|sign_out'));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    await waitFor(() => expect(new URLSearchParams(app.search()).get('from')).toBe('2026-03-01'));
    // The list has loaded for that day before the to-day is picked on stepped timers.
    await waitFor(() => expect(app.callsTo('GET', '/supervisor/audit_logs').at(-1)!.url.searchParams.get('from')).toBe('2026-03-01'));
    await screen.findByText('3 records');
    fakeTimers();
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-09' } });
    await untilShown(() => expect(screen.getByLabelText('To')).toHaveValue('2026-03-09'));
    await advance(SPEC_TO_DATE_DEBOUNCE_MS - 1);
    expect(new URLSearchParams(app.search()).get('to')).toBeNull();
    await advance(1);
    vi.useRealTimers();
    await waitFor(() => expect(new URLSearchParams(app.search()).get('to')).toBe('2026-03-09'));
    await waitFor(() =>
      expect(Object.fromEntries(app.callsTo('GET', '/supervisor/audit_logs').at(-1)!.url.searchParams)).toMatchObject({
        kind: 'sign_in|sign_out',
        from: '2026-03-01',
        to: '2026-03-09',
        per_page: '50',
        page: '1',
      }),
    );
  });
});

