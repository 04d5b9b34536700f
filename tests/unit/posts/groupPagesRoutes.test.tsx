// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleAuditLogs } from '../../../src/features/auditLogs/fixtures';
import { activitiesChart } from '../../../src/features/dashboard/fixtures';
import { samplePosts } from '../../../src/features/posts/fixtures';
import { adminUser, freeGroup } from '../support/sessionFixtures';
import { renderApp, signedInStorage } from '../app/support/appHarness';
import { createFakeServer, type FakeServer } from '../app/support/fakeServer';
import { advance, fakeTimers, untilShown } from '../app/support/steppedTimers';
import { stubResizeObserverForSuite } from '../../support/resize-observer';
import { SPEC_TEXT_FILTER_DEBOUNCE_MS } from '../../support/spec-numbers';

function openAs(path: string, answer?: (server: FakeServer, url: URL) => Response | undefined) {
  const server = createFakeServer([
    { account: { id: 'ada', name: 'Ada Admin', description: 'Group admin.', role: 'group_admin' }, user: adminUser, groups: [freeGroup] },
  ]);
  const asked: URL[] = [];
  server.override((request) => {
    const url = new URL(request.url);
    if (!/\/groups\/\d+\/(posts|audit_logs|charts)/.test(url.pathname)) return undefined;
    asked.push(url);
    return answer?.(server, url);
  });
  const app = renderApp({ server, path, storage: signedInStorage(server.signIn('ada')) });
  return { ...app, asked, search: () => app.router.state.location.search };
}

afterEach(() => vi.useRealTimers());

const postsAnswer = (server: FakeServer) => server.json({ posts: samplePosts, count: 3, count_all: 40 });

describe('the posts route', () => {
  it('asks for the page the address names and shows the cards', async () => {
    const app = openAs(`/${freeGroup.fb_group_id}/posts?search=run&page=2`, postsAnswer);
    expect(await screen.findByText('Found 3 of 40 posts')).toBeInTheDocument();
    expect(app.asked[0]!.pathname).toBe(`/api/v1/groups/${freeGroup.id}/posts`);
    expect(app.asked[0]!.search).toBe('?page=2&per_page=30&search=run');
    expect(screen.getByText('Ada Runner')).toBeInTheDocument();
  });

  it('puts a new search in the address once typing stops, back on page 1, replacing the entry', async () => {
    const app = openAs(`/${freeGroup.fb_group_id}/posts?page=2`, postsAnswer);
    // The posts have loaded before typing, so the box typed into is the one that stays.
    await screen.findByText('Ada Runner');
    const box = screen.getByLabelText('Search posts');
    fakeTimers();
    fireEvent.change(box, { target: { value: 'sunday' } });
    await untilShown(() => expect(box).toHaveValue('sunday'));
    await advance(SPEC_TEXT_FILTER_DEBOUNCE_MS - 1);
    expect(app.search()).not.toContain('search');
    await advance(1);
    vi.useRealTimers();
    // Real timers again only for the router's own work, which a busy machine may slow past waitFor's default second.
    await waitFor(() => expect(app.router.state.location).toMatchObject({ pathname: `/${freeGroup.fb_group_id}/posts`, search: '?search=sunday' }), { timeout: 10_000 });
    expect(app.router.state.historyAction).toBe('REPLACE');
  });

  it('empties the search box when a link opens the posts without a search, and keeps it empty', async () => {
    const app = openAs(`/${freeGroup.fb_group_id}/posts?search=run`, postsAnswer);
    const box = await screen.findByLabelText('Search posts');
    expect(box).toHaveValue('run');
    await act(() => app.router.navigate(`/${freeGroup.fb_group_id}/posts`));
    await waitFor(() => expect(screen.getByLabelText('Search posts')).toHaveValue(''));
    fakeTimers();
    await advance(SPEC_TEXT_FILTER_DEBOUNCE_MS);
    vi.useRealTimers();
    expect(app.search()).toBe('');
    expect(screen.getByLabelText('Search posts')).toHaveValue('');
  });

  it('tells in the page when the server cannot answer yet', async () => {
    openAs(`/${freeGroup.fb_group_id}/posts`);
    expect(await screen.findByText(/Posts could not be loaded\./)).toBeInTheDocument();
  });
});

describe('the actions log route', () => {
  it('filters by an event kind through the address', async () => {
    const app = openAs(`/${freeGroup.fb_group_id}/logs`, (server) =>
      server.json({ audit_logs: sampleAuditLogs, count: 4, kinds: ['sign_in', 'members_scan'] }),
    );
    expect(await screen.findByText('Sign In via 203.0.113.9')).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Members Scan'));
    await waitFor(() => expect(app.search()).toBe('?kind=members_scan'));
    await waitFor(() => expect(app.asked.at(-1)!.searchParams.get('kind')).toBe('members_scan'));
  });
});

describe('the dashboard route', () => {
  stubResizeObserverForSuite();

  it('loads both charts with the ends the address picked', async () => {
    const app = openAs(`/${freeGroup.fb_group_id}/dashboard?activities_from=2026-03-01`, (server, url) =>
      server.json(url.pathname.endsWith('/members') ? { from: '2026-01-05', to: '2026-03-23', datasets: [] } : activitiesChart),
    );
    expect(await screen.findByText('No data for chart yet')).toBeInTheDocument();
    expect(await screen.findByText('Reactions')).toBeInTheDocument();
    const asked = app.asked.map((url) => `${url.pathname}${url.search}`).sort();
    expect(asked).toEqual([
      `/api/v1/groups/${freeGroup.id}/charts/activities?from=2026-03-01`,
      `/api/v1/groups/${freeGroup.id}/charts/members`,
    ]);
  });
});
