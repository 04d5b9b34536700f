import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleAuditLogs } from '../../src/features/auditLogs/fixtures';
import { activitiesChart, membersChart } from '../../src/features/dashboard/fixtures';
import { samplePosts } from '../../src/features/posts/fixtures';
import { renderApp, signedInStorage } from '../unit/app/support/appHarness';
import { createFakeServer, type FakeServer } from '../unit/app/support/fakeServer';
import { adminUser, freeGroup } from '../unit/support/sessionFixtures';
import { stubResizeObserverForSuite } from '../support/resize-observer';
import { SPEC_TEXT_FILTER_DEBOUNCE_MS, SPEC_TO_DATE_DEBOUNCE_MS } from '../support/spec-numbers';

/**
 * The posts page, the actions log and the dashboard keep their filters in the address through the
 * listQuery statechart: driven through the real views, with fake timers for the debounces.
 */
const group = `/${freeGroup.fb_group_id}`;

/** Opens the app on `first`, then pushes `second`: a history of two entries, so a replaced entry shows on going back. */
async function openTwoEntries(first: string, second: string, answer: (server: FakeServer, url: URL) => Response | undefined) {
  const server = createFakeServer([
    { account: { id: 'ada', name: 'Ada Admin', description: 'Group admin.', role: 'group_admin' }, user: adminUser, groups: [freeGroup] },
  ]);
  const asked: URL[] = [];
  server.override((request) => {
    const url = new URL(request.url);
    if (!/\/groups\/\d+\/(posts|audit_logs|charts)/.test(url.pathname)) return undefined;
    asked.push(url);
    return answer(server, url);
  });
  const app = renderApp({ server, path: `${group}${first}`, storage: signedInStorage(server.signIn('ada')) });
  await waitFor(() => expect(app.router.state.navigation.state).toBe('idle'));
  await act(() => app.router.navigate(`${group}${second}`));
  return {
    ...app,
    asked,
    /** The address, or the one the router is on its way to. */
    address: () => (app.router.state.navigation.location ?? app.router.state.location).search,
    settledAddress: () => app.router.state.location.search,
    back: () => act(() => app.router.navigate(-1)),
  };
}

/** Fakes only the timers, so the debounces are stepped by hand while promises and the router run as usual. */
function fakeTimers() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
}
const advance = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

afterEach(() => vi.useRealTimers());

describe('the posts page in the address', () => {
  const answer = (server: FakeServer) => server.json({ posts: samplePosts, count: 64, count_all: 95 });

  it('waits for 1000 ms of quiet typing, then searches from page 1 in the same history entry', async () => {
    const app = await openTwoEntries('/posts', '/posts?page=2', answer);
    const box = await screen.findByLabelText('Search posts');
    fakeTimers();
    fireEvent.change(box, { target: { value: 'sun' } });
    await advance(SPEC_TEXT_FILTER_DEBOUNCE_MS - 1);
    fireEvent.change(box, { target: { value: 'sunday' } });
    await advance(SPEC_TEXT_FILTER_DEBOUNCE_MS - 1);
    expect(app.address()).toBe('?page=2');
    expect(box).toHaveValue('sunday');
    await advance(1);
    expect(app.address()).toBe('?search=sunday');
    vi.useRealTimers();
    await waitFor(() => expect(app.settledAddress()).toBe('?search=sunday'));
    expect(app.router.state.historyAction).toBe('REPLACE');
    expect(app.asked.at(-1)!.searchParams.get('search')).toBe('sunday');
    expect(app.asked.at(-1)!.searchParams.get('page')).toBe('1');

    await app.back();
    await waitFor(() => expect(app.settledAddress()).toBe(''));
    expect(screen.getByLabelText('Search posts')).toHaveValue('');
  });

  it('pages without a debounce, leaving the default page size out of the address', async () => {
    const app = await openTwoEntries('/posts', '/posts?search=run', answer);
    const next = await screen.findByRole('button', { name: 'Next Page' });
    fakeTimers();
    fireEvent.click(next);
    expect(app.address()).toBe('?search=run&page=2');
    vi.useRealTimers();
    await waitFor(() => expect(app.settledAddress()).toBe('?search=run&page=2'));
    expect(app.router.state.historyAction).toBe('REPLACE');
  });
});

describe('the actions log in the address', () => {
  const answer = (server: FakeServer, url: URL) =>
    url.pathname.endsWith('/posts')
      ? server.json({ posts: [], count: 0, count_all: 0 })
      : server.json({ audit_logs: sampleAuditLogs, count: 64, kinds: ['sign_in', 'members_scan'] });

  it('filters by kind at once from page 1, pages, and resets to a clean address, all in one history entry', async () => {
    const app = await openTwoEntries('/posts', '/logs?page=3', answer);
    const membersScan = await screen.findByLabelText('Members Scan');
    fakeTimers();
    fireEvent.click(membersScan);
    expect(app.address()).toBe('?kind=members_scan');
    vi.useRealTimers();
    await waitFor(() => expect(app.settledAddress()).toBe('?kind=members_scan'));
    expect(screen.getByLabelText('Members Scan')).toBeChecked();

    fireEvent.click(screen.getByLabelText('Sign In'));
    await waitFor(() => expect(app.settledAddress()).toBe('?kind=sign_in%7Cmembers_scan'));
    expect(app.asked.at(-1)!.searchParams.get('kind')).toBe('sign_in|members_scan');

    fireEvent.click(await screen.findByRole('button', { name: 'Next Page' }));
    await waitFor(() => expect(app.settledAddress()).toBe('?kind=sign_in%7Cmembers_scan&page=2'));

    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(app.settledAddress()).toBe(''));
    expect(app.router.state.historyAction).toBe('REPLACE');

    await app.back();
    await waitFor(() => expect(app.router.state.location.pathname).toBe(`${group}/posts`));
  });
});

describe('the dashboard in the address', () => {
  stubResizeObserverForSuite();

  const answer = (server: FakeServer, url: URL) => {
    const chart = url.pathname.endsWith('/members') ? membersChart : activitiesChart;
    return server.json({ ...chart, from: url.searchParams.get('from') ?? chart.from, to: url.searchParams.get('to') ?? chart.to });
  };

  it('shows each chart’s range from the start, and takes a to-date after 200 ms, keeping the other ends out of the address', async () => {
    const app = await openTwoEntries('/posts', '/dashboard', (server, url) =>
      url.pathname.endsWith('/posts') ? server.json({ posts: [], count: 0, count_all: 0 }) : answer(server, url),
    );
    const [membersFrom, activitiesFrom] = await screen.findAllByLabelText('From');
    const [membersTo, activitiesTo] = screen.getAllByLabelText('To');
    expect(membersFrom).toHaveValue('Jan 5, 2026');
    expect(membersTo).toHaveValue('Mar 23, 2026');
    expect(activitiesFrom).toHaveValue('Mar 1, 2026');
    expect(activitiesTo).toHaveValue('Mar 30, 2026');

    fakeTimers();
    fireEvent.input(activitiesTo!, { target: { value: 'Mar 20, 2026' } });
    await advance(SPEC_TO_DATE_DEBOUNCE_MS - 1);
    expect(app.address()).toBe('');
    await advance(1);
    expect(app.address()).toBe('?activities_to=2026-03-20');
    vi.useRealTimers();
    await waitFor(() => expect(app.settledAddress()).toBe('?activities_to=2026-03-20'));
    expect(app.router.state.historyAction).toBe('REPLACE');
    expect(app.asked.filter((url) => url.pathname.endsWith('/activities')).at(-1)!.searchParams.get('to')).toBe('2026-03-20');

    fireEvent.input(screen.getAllByLabelText('From')[0]!, { target: { value: 'Feb 2, 2026' } });
    await waitFor(() => expect(app.settledAddress()).toBe('?activities_to=2026-03-20&members_from=2026-02-02'));
    expect(screen.getAllByLabelText('From')[0]).toHaveValue('Feb 2, 2026');

    await app.back();
    await waitFor(() => expect(app.router.state.location.pathname).toBe(`${group}/posts`));
  });
  it('goes back to the default range, chart and pickers, when a picker is cleared', async () => {
    const app = await openTwoEntries('/posts', '/dashboard?activities_to=2026-03-20', (server, url) =>
      url.pathname.endsWith('/posts') ? server.json({ posts: [], count: 0, count_all: 0 }) : answer(server, url),
    );
    const activitiesCard = (await screen.findByRole('heading', { name: 'Activities' })).closest('section')!;
    const from = within(activitiesCard).getByLabelText('From');
    const to = within(activitiesCard).getByLabelText('To');
    await waitFor(() => expect(to).toHaveValue('Mar 20, 2026'));

    // Clearing From, the open end, still resets the whole range: to goes back to the default too.
    fireEvent.click(within(activitiesCard).getAllByRole('button', { name: 'Choose Date' })[0]!);
    // The panel opening here is not yet exposed to role queries, so its Clear button is looked up among hidden ones.
    fireEvent.click(await screen.findByRole('button', { name: 'Clear', hidden: true }));
    await waitFor(() => expect(app.settledAddress()).toBe(''));
    const asked = app.asked.filter((url) => url.pathname.endsWith('/activities')).at(-1)!;
    expect([asked.searchParams.get('from'), asked.searchParams.get('to')]).toEqual([null, null]);
    await waitFor(() => expect(to).toHaveValue('Mar 30, 2026'));
    expect(from).toHaveValue('Mar 1, 2026');
    expect(app.router.state.historyAction).toBe('REPLACE');
  });
});
