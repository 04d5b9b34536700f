import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountCustomersList } from '../../machines/matchReview/actors';
import { createApiClient } from '../../src/api/client';
import { MatchReview } from '../../src/features/matchReview/MatchReview';
import { COUNTS, PAGES, REVIEW_GROUP } from '../../src/features/matchReview/fixtures';
import { ToastProvider } from '../../src/ui/toast';
import { SPEC_MATCH_UNDO_MS, SPEC_MATCH_UNDO_TICK_MS } from '../support/spec-numbers';

/** What the review says (spec part 2 §2, §4, §5, §9), written here apart from the app's own texts. */
const SPEC = {
  titles: {
    all_data: 'Stripe Customers',
    approved: 'Matched Stripe Customers with Facebook Group Members',
    suggestions: 'Match Suggestions',
  },
  similarity: 'Similarity',
  bulkConfirm: (action: string, count: number) => `Are you sure want to ${action} ${count} matches?`,
  approval: {
    title: 'Match Approval Required',
    probability: 'Less than 100% probability',
    crossedNote: "The crossed out customers won't be linked, due to duplicate FB member or stripe customer",
  },
  removeMember: 'Are you sure want to remove member?',
} as const;

interface SentCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** The payment account's server, answering from the fixtures and keeping every call it was sent. */
function fakeServer(options: { counts?: AccountCustomersList['filtered_count']; failing?: string } = {}) {
  const calls: SentCall[] = [];
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const fetch = async (request: Request) => {
    const url = new URL(request.url);
    const path = url.pathname.replace('/api/v1', '');
    const body = request.method === 'GET' ? null : await request.json();
    calls.push({ method: request.method, path, query: url.searchParams, body });
    if (path === '/autocomplete/members') return json(200, { matches: [{ id: 1, name: 'Jane Baker', avatar_url: null, description: 'jane.baker' }] });
    if (options.failing && path.endsWith(options.failing)) return json(409, { error: { code: 'conflict', message: 'Changed meanwhile.' } });
    if (request.method === 'GET') {
      const list = (url.searchParams.get('list') ?? 'all_data') as keyof typeof PAGES;
      return json(200, { ...PAGES[list], filtered_count: options.counts ?? COUNTS });
    }
    if (request.method === 'PATCH') return json(200, { customer: { ...PAGES.all_data.customers[0], member_id: null, member: null } });
    if (path.endsWith('/link') || path.endsWith('/unlink')) return json(200, { count: (body as { link_items: unknown[] }).link_items.length, skipped: [] });
    return json(200, { count: (body as { match_ids: unknown[] }).match_ids.length });
  };
  const api = createApiClient({ baseUrl: 'http://api.test/api/v1', fetch });
  return {
    api,
    calls,
    changes: () => calls.filter((call) => call.method !== 'GET'),
    loads: () => calls.filter((call) => call.method === 'GET' && call.path.endsWith('/account_customers')),
  };
}

/** Lets the answers of the fake server reach the page (no timer moves). */
async function settle() {
  for (let round = 0; round < 5; round += 1) await act(async () => void (await vi.advanceTimersByTimeAsync(0)));
}

async function wait(ms: number) {
  await act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
  await settle();
}

async function openReview(server = fakeServer()) {
  render(
    <ToastProvider>
      <MatchReview api={server.api} group={REVIEW_GROUP} />
    </ToastProvider>,
  );
  await settle();
  return server;
}

const tab = (name: RegExp) => screen.getByRole('tab', { name });
const title = () => screen.getByRole('heading', { level: 2 });
const table = () => screen.getByRole('table');
const rowOf = (text: string) => within(table()).getAllByText(text)[0]!.closest('tr')!;

async function openTab(name: RegExp) {
  fireEvent.click(tab(name));
  await settle();
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the data block', () => {
  it('opens on the customers with their money, subscription and status, each tab with its count', async () => {
    const server = await openReview();
    expect(title()).toHaveTextContent(SPEC.titles.all_data);
    expect(server.loads()[0]?.query.get('list') ?? 'all_data').toBe('all_data');
    expect(tab(/All Data/)).toHaveTextContent('3');
    expect(tab(/Requires Attention/)).toHaveTextContent('4');
    const ada = rowOf('Ada Lovelace');
    expect(within(ada).getByText('$297.00')).toBeInTheDocument();
    expect(within(ada).getByText('Annual')).toBeInTheDocument();
    // A customer without a name shows the email.
    expect(within(table()).getByText('cus_cy@example.com')).toBeInTheDocument();
    // Part 2 §4: active is success, failed is danger, anything else is warning.
    const badge = (row: HTMLElement, status: string) => within(row).getByText(status).closest('.p-tag');
    expect(badge(ada, 'active')).toHaveClass('p-tag-success');
    expect(badge(rowOf('Bob Stone'), 'failed')).toHaveClass('p-tag-danger');
    expect(badge(rowOf('cus_cy@example.com'), 'past_due')).toHaveClass('p-tag-warning');
  });

  it('titles each tab as the spec does, and hides Similarity on approved', async () => {
    await openReview();
    await openTab(/Requires Attention/);
    expect(title()).toHaveTextContent(SPEC.titles.suggestions);
    expect(within(table()).getByRole('columnheader', { name: new RegExp(SPEC.similarity) })).toBeInTheDocument();
    // A score of 0.704 is shown as a rounded percent, with why it matched under it.
    expect(rowOf('Janet Bloom')).toHaveTextContent('70%name 70% similar');
    await openTab(/Approved/);
    expect(title()).toHaveTextContent(SPEC.titles.approved);
    expect(within(table()).queryByRole('columnheader', { name: new RegExp(SPEC.similarity) })).toBeNull();
    await openTab(/Matched/);
    expect(title()).toHaveTextContent(SPEC.titles.suggestions);
  });

  it('disables a tab whose count is 0', async () => {
    await openReview(fakeServer({ counts: { ...COUNTS, rejected: 0 } }));
    expect(tab(/Rejected/)).toBeDisabled();
    expect(tab(/Approved/)).toBeEnabled();
  });

  it('asks for the page chosen, and for the first page of another tab', async () => {
    const server = fakeServer({ counts: { ...COUNTS, all_data: 60 } });
    await openReview(server);
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await settle();
    expect(server.loads().at(-1)!.query.get('page')).toBe('2');
    await openTab(/Matched/);
    expect(server.loads().at(-1)!.query.get('page')).toBe('1');
  });
});

describe('a choice made while a page loads', () => {
  it('loads and shows the tab chosen before the first page came, whose rows Select all then takes', async () => {
    const server = fakeServer();
    render(
      <ToastProvider>
        <MatchReview api={server.api} group={REVIEW_GROUP} />
      </ToastProvider>,
    );
    fireEvent.click(tab(/Requires Attention/));
    await settle();
    expect(title()).toHaveTextContent(SPEC.titles.suggestions);
    expect(server.loads().at(-1)!.query.get('list')).toBe('requires_attention');
    fireEvent.click(screen.getByRole('button', { name: 'Select all' }));
    expect(screen.getByRole('toolbar', { name: 'Match actions' })).toHaveTextContent('4 selected');
  });

  it("offers no Restore on the suggestions left behind while the Rejected tab's page loads", async () => {
    await openReview();
    await openTab(/Requires Attention/);
    fireEvent.click(tab(/Rejected/));
    // Spec part 2 §4: only a rejected suggestion can be restored; the tab left behind held none.
    expect(within(table()).queryAllByRole('button', { name: /^Restore / })).toEqual([]);
    await settle();
    expect(within(table()).getAllByRole('button', { name: /^Restore / })).toHaveLength(1);
  });

  it('loads the page chosen while the previous one still loads', async () => {
    const server = fakeServer({ counts: { ...COUNTS, all_data: 60 } });
    await openReview(server);
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await settle();
    expect(server.loads().at(-1)!.query.get('page')).toBe('3');
    expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'true');
  });
});

describe('the member filter', () => {
  it('asks for the chosen member from the first page, and its reset asks for everyone again', async () => {
    const server = fakeServer({ counts: { ...COUNTS, all_data: 60 } });
    await openReview(server);
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await settle();
    fireEvent.change(screen.getByLabelText('Member'), { target: { value: 'Jan' } });
    await wait(1_000);
    expect(server.calls.some((call) => call.path === '/autocomplete/members' && call.query.get('search') === 'Jan')).toBe(true);
    fireEvent.click(within(screen.getByRole('listbox', { hidden: true })).getByText('Jane Baker'));
    await settle();
    const filtered = server.loads().at(-1)!.query;
    expect([filtered.get('member_id'), filtered.get('page')]).toEqual(['1', '1']);
    fireEvent.click(screen.getByRole('button', { name: 'Stop filtering by Jane Baker' }));
    await settle();
    expect(server.loads().at(-1)!.query.has('member_id')).toBe(false);
    expect(screen.getByLabelText('Member')).toBeInTheDocument();
  });
});

describe('a row action', () => {
  it('is sent once, 3 seconds after the click, and not before', async () => {
    const server = await openReview();
    await openTab(/Requires Attention/);
    fireEvent.click(within(rowOf('J. Baker')).getByRole('button', { name: /^Accept/ }));
    await settle();
    expect(screen.getByRole('button', { name: /Undo/ })).toBeInTheDocument();
    await wait(SPEC_MATCH_UNDO_MS - 1);
    expect(server.changes()).toEqual([]);
    const loadsBefore = server.loads().length;
    await wait(1);
    expect(server.changes()).toHaveLength(1);
    expect(server.changes()[0]).toMatchObject({ method: 'POST', path: '/groups/7/account_customers/link', body: { link_items: [{ member_id: 1, customer_id: 'cus_jb' }] } });
    // The counts and the list load again after the call, and a toast says it is done.
    expect(server.loads().length).toBe(loadsBefore + 1);
    expect(screen.getByText(/1 match accepted/)).toBeInTheDocument();
  });

  it('counts the 3 seconds down a second at a time', async () => {
    await openReview();
    await openTab(/Requires Attention/);
    fireEvent.click(within(rowOf('J. Baker')).getByRole('button', { name: /^Accept/ }));
    await settle();
    const secondsLeft = () => / in (\d+) s/.exec(screen.getByRole('button', { name: 'Undo' }).parentElement!.textContent ?? '')?.[1];
    const seen = [secondsLeft()];
    for (const step of [SPEC_MATCH_UNDO_TICK_MS - 1, 1, SPEC_MATCH_UNDO_TICK_MS - 1, 1]) {
      await wait(step);
      seen.push(secondsLeft());
    }
    expect(seen).toEqual(['3', '3', '2', '2', '1']);
  });

  it('sends nothing when undone within the 3 seconds, and the rejected row comes back', async () => {
    const server = await openReview();
    await openTab(/Requires Attention/);
    fireEvent.click(within(rowOf('Tom Hardy')).getByRole('button', { name: /^Reject/ }));
    await settle();
    // Rejected suggestions leave the list at once.
    expect(within(table()).queryByText('Tom Hardy')).toBeNull();
    await wait(2_000);
    fireEvent.click(screen.getByRole('button', { name: /Undo/ }));
    await settle();
    expect(within(table()).getByText('Tom Hardy')).toBeInTheDocument();
    await wait(10_000);
    expect(server.changes()).toEqual([]);
  });

  it('restores from rejected, and unlinks from approved', async () => {
    const server = await openReview();
    await openTab(/Rejected/);
    fireEvent.click(within(rowOf('Eve Moss')).getByRole('button', { name: /^Restore/ }));
    await settle();
    expect(within(table()).queryByText('Eve Moss')).toBeNull();
    await wait(SPEC_MATCH_UNDO_MS);
    expect(server.changes().at(-1)).toMatchObject({ path: '/groups/7/matches/restore', body: { match_ids: [41] } });
    await openTab(/Approved/);
    expect(within(rowOf('Ada Lovelace')).queryByRole('button', { name: /^Reject/ })).toBeNull();
    fireEvent.click(within(rowOf('Ada Lovelace')).getByRole('button', { name: /^Unlink/ }));
    await wait(SPEC_MATCH_UNDO_MS);
    expect(server.changes().at(-1)).toMatchObject({ path: '/groups/7/account_customers/unlink', body: { link_items: [{ member_id: 3, customer_id: 'cus_ada' }] } });
  });

  it('tells a failure in an error toast and shows the list as the server has it', async () => {
    const server = await openReview(fakeServer({ failing: '/matches/reject' }));
    await openTab(/Matched/);
    fireEvent.click(within(rowOf('Dan Ek')).getByRole('button', { name: /^Reject/ }));
    await wait(SPEC_MATCH_UNDO_MS);
    expect(server.changes()).toHaveLength(1);
    expect(screen.getByText(/could not be rejected/)).toBeInTheDocument();
    expect(within(table()).getAllByText('Dan Ek')).not.toHaveLength(0);
  });
});

describe('bulk actions', () => {
  it('show the selection count and ask with it before they are sent', async () => {
    const server = await openReview();
    await openTab(/Matched/);
    fireEvent.click(screen.getByRole('button', { name: 'Select all' }));
    const reject = screen.getByRole('button', { name: 'Reject (2)' });
    fireEvent.click(reject);
    await settle();
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent(SPEC.bulkConfirm('reject', 2));
    expect(server.changes()).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await settle();
    expect(server.changes()).toEqual([expect.objectContaining({ path: '/groups/7/matches/reject', body: { match_ids: [21, 22] } })]);
  });

  it("open 'Match Approval Required' for Accept on requires_attention, crossing out the duplicates, and link the rest", async () => {
    const server = await openReview();
    await openTab(/Requires Attention/);
    fireEvent.click(screen.getByRole('button', { name: 'Select all' }));
    fireEvent.click(screen.getByRole('button', { name: 'Accept (4)' }));
    await settle();
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent(SPEC.approval.title);
    expect(dialog).toHaveTextContent(SPEC.approval.probability);
    // (0.92 + 0.8 + 0.704 + 0.61) / 4 = 0.759, shown as a rounded percent.
    expect(dialog).toHaveTextContent('76%');
    expect(dialog).toHaveTextContent(SPEC.approval.crossedNote);
    const crossed = [...dialog.querySelectorAll('s')].map((item) => item.textContent);
    expect(crossed).toHaveLength(2);
    expect(crossed[0]).toContain('J. Baker');
    expect(crossed[1]).toContain('Janet Bloom');
    fireEvent.click(within(dialog).getByRole('button', { name: /Accept/ }));
    await settle();
    expect(server.changes()).toEqual([
      expect.objectContaining({
        path: '/groups/7/account_customers/link',
        body: { link_items: [{ member_id: 1, customer_id: 'cus_janet' }, { member_id: 6, customer_id: 'cus_tom' }] },
      }),
    ]);
  });
});

describe('selection', () => {
  const selected = () => screen.getByRole('toolbar', { name: 'Match actions' });

  it('resets when the tab changes', async () => {
    await openReview();
    await openTab(/Requires Attention/);
    fireEvent.click(screen.getByRole('button', { name: 'Select all' }));
    expect(selected()).toHaveTextContent('4 selected');
    await openTab(/Matched/);
    expect(selected()).toHaveTextContent('0 selected');
    await openTab(/Requires Attention/);
    expect(selected()).toHaveTextContent('0 selected');
  });

  it('inverts, selects none, and drags over rows', async () => {
    await openReview();
    await openTab(/Requires Attention/);
    fireEvent.click(within(rowOf('Tom Hardy')).getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Invert' }));
    expect(selected()).toHaveTextContent('3 selected');
    fireEvent.click(screen.getByRole('button', { name: 'Select none' }));
    expect(selected()).toHaveTextContent('0 selected');
    fireEvent.mouseDown(within(rowOf('J. Baker')).getAllByText('Jane Baker')[0]!, { button: 0 });
    fireEvent.mouseEnter(rowOf('Janet Bloom'));
    fireEvent.mouseUp(window);
    expect(selected()).toHaveTextContent('2 selected');
  });
});

describe("a customer's member", () => {
  it('is removed after the question, with member_id null', async () => {
    const server = await openReview();
    fireEvent.click(within(rowOf('Ada Lovelace')).getByRole('button', { name: /Remove Ada Lovelace/ }));
    await settle();
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent(SPEC.removeMember);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await settle();
    expect(server.changes()).toEqual([expect.objectContaining({ method: 'PATCH', path: '/groups/7/account_customers', body: { customer_id: 'cus_ada', member_id: null } })]);
  });
});
