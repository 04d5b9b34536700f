// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemberLabel, MemberLookupProvider } from '../../../../src/features/superadmin/memberLookup/MemberLabel';
import { createMemberLookup, lookupMembersThrough, type MemberSummary } from '../../../../src/features/superadmin/memberLookup/memberLookup';
import { createApiClient } from '../../../../src/api/client';
import { SPEC_IDENTIFICATION_BATCH_MS, SPEC_MEMBER_LABEL_FALLBACK_MS } from '../../../support/spec-numbers';

const MARTA: MemberSummary = { id: 7, name: 'Marta Nowak', avatar_url: 'https://scontent.xx.fbcdn.net/marta.jpg' };
const PIOTR: MemberSummary = { id: 8, name: 'Piotr Zielinski', avatar_url: null };

/** A fake GET /members/lookup: records each request and answers the members it knows, when told to. */
function fakeServer(known: MemberSummary[]) {
  const requests: Array<{ groupId: number; ids: number[]; answer: (members?: MemberSummary[]) => void; fail: () => void }> = [];
  const fetchMembers = (groupId: number, ids: number[]) =>
    new Promise<MemberSummary[]>((resolve, reject) => {
      requests.push({
        groupId,
        ids,
        answer: (members = known) => resolve(members.filter((member) => ids.includes(member.id))),
        fail: () => reject(new Error('HTTP 500')),
      });
    });
  return { requests, fetchMembers };
}

const settle = () => act(async () => {});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the member lookup', () => {
  it('asks for the ids of one group in one request once 500 ms pass without a new one', async () => {
    const server = fakeServer([MARTA, PIOTR]);
    const lookup = createMemberLookup(server.fetchMembers);
    const marta = lookup.find(3, 7);
    vi.advanceTimersByTime(300);
    const piotr = lookup.find(3, 8);
    vi.advanceTimersByTime(SPEC_IDENTIFICATION_BATCH_MS - 1);
    expect(server.requests).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(server.requests.map(({ groupId, ids }) => ({ groupId, ids }))).toEqual([{ groupId: 3, ids: [7, 8] }]);
    server.requests[0]!.answer();
    expect(await marta).toEqual(MARTA);
    expect(await piotr).toEqual(PIOTR);
  });

  it('keeps each group in a batch of its own, and asks for a member once', async () => {
    const server = fakeServer([MARTA]);
    const lookup = createMemberLookup(server.fetchMembers);
    void lookup.find(3, 7);
    void lookup.find(4, 7);
    void lookup.find(3, 7);
    vi.advanceTimersByTime(SPEC_IDENTIFICATION_BATCH_MS);
    expect(server.requests.map(({ groupId, ids }) => ({ groupId, ids }))).toEqual([
      { groupId: 3, ids: [7] },
      { groupId: 4, ids: [7] },
    ]);
    server.requests.forEach((request) => request.answer());
    expect(await lookup.find(3, 7)).toEqual(MARTA);
    vi.advanceTimersByTime(SPEC_IDENTIFICATION_BATCH_MS);
    expect(server.requests).toHaveLength(2);
    expect(lookup.known(3, 7)).toEqual(MARTA);
  });

  it('answers null for an id the group does not have, and asks again after a failed request', async () => {
    const server = fakeServer([MARTA]);
    const lookup = createMemberLookup(server.fetchMembers);
    const missing = lookup.find(3, 99);
    const failing = lookup.find(5, 7);
    vi.advanceTimersByTime(SPEC_IDENTIFICATION_BATCH_MS);
    server.requests[0]!.answer();
    server.requests[1]!.fail();
    expect(await missing).toBeNull();
    expect(await failing).toBeNull();
    expect(lookup.known(3, 99)).toBeNull();
    expect(lookup.known(5, 7)).toBeUndefined();
    void lookup.find(5, 7);
    vi.advanceTimersByTime(SPEC_IDENTIFICATION_BATCH_MS);
    expect(server.requests.map(({ groupId, ids }) => ({ groupId, ids }))).toContainEqual({ groupId: 5, ids: [7] });
    expect(server.requests).toHaveLength(3);
  });

  it('sends a full batch of 100 ids at once', () => {
    const server = fakeServer([]);
    const lookup = createMemberLookup(server.fetchMembers);
    for (let id = 1; id <= 100; id += 1) void lookup.find(3, id);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.ids).toHaveLength(100);
  });

  it('calls GET /members/lookup with the group and the ids pipe-delimited', async () => {
    const seen: URL[] = [];
    const api = createApiClient({
      baseUrl: 'http://xfilter.test/api/v1',
      fetch: async (request) => {
        seen.push(new URL(request.url));
        return new Response(JSON.stringify({ members: [MARTA] }), { headers: { 'Content-Type': 'application/json' } });
      },
    });
    expect(await lookupMembersThrough(api)(3, [7, 8])).toEqual([MARTA]);
    expect(seen[0]!.pathname).toBe('/api/v1/members/lookup');
    expect(seen[0]!.searchParams.get('group_id')).toBe('3');
    expect(seen[0]!.searchParams.get('ids')).toBe('7|8');
  });
});

function renderLabels(server: ReturnType<typeof fakeServer>, labels: Array<{ memberId: number; groupId: number | null }>) {
  const lookup = createMemberLookup(server.fetchMembers);
  return render(
    <MemberLookupProvider lookup={lookup}>
      <ul>
        {labels.map(({ memberId, groupId }) => (
          <li key={`${groupId}:${memberId}`}>
            <MemberLabel memberId={memberId} groupId={groupId} />
          </li>
        ))}
      </ul>
    </MemberLookupProvider>,
  );
}

describe('the member label', () => {
  it('shows a spinner, then the member with their avatar, the labels of a page asked for together', async () => {
    const server = fakeServer([MARTA, PIOTR]);
    const { container } = renderLabels(server, [
      { memberId: 7, groupId: 3 },
      { memberId: 8, groupId: 3 },
    ]);
    expect(screen.getByRole('status', { name: 'Loading member 7' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(SPEC_IDENTIFICATION_BATCH_MS));
    expect(server.requests.map(({ ids }) => ids)).toEqual([[7, 8]]);
    server.requests[0]!.answer();
    await settle();
    expect(screen.getByText('Marta Nowak')).toBeInTheDocument();
    expect(screen.getByText('Piotr Zielinski')).toBeInTheDocument();
    expect(container.querySelector('img')).toHaveAttribute('src', MARTA.avatar_url);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("says 'Member id={id}' once 5 seconds pass without the member", async () => {
    const server = fakeServer([MARTA]);
    renderLabels(server, [{ memberId: 42, groupId: 3 }]);
    act(() => vi.advanceTimersByTime(SPEC_IDENTIFICATION_BATCH_MS));
    server.requests[0]!.answer();
    await settle();
    act(() => vi.advanceTimersByTime(SPEC_MEMBER_LABEL_FALLBACK_MS - SPEC_IDENTIFICATION_BATCH_MS - 1));
    expect(screen.getByRole('status', { name: 'Loading member 42' })).toBeInTheDocument();
    expect(screen.queryByText('Member id=42')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('Member id=42')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows the member when the answer comes after the 5 seconds', async () => {
    const server = fakeServer([MARTA]);
    renderLabels(server, [{ memberId: 7, groupId: 3 }]);
    act(() => vi.advanceTimersByTime(SPEC_MEMBER_LABEL_FALLBACK_MS));
    expect(screen.getByText('Member id=7')).toBeInTheDocument();
    server.requests[0]!.answer();
    await settle();
    expect(screen.getByText('Marta Nowak')).toBeInTheDocument();
  });

  it('falls back from a broken avatar, and from a missing one, to the default picture', async () => {
    const server = fakeServer([MARTA, PIOTR]);
    const { container } = renderLabels(server, [
      { memberId: 7, groupId: 3 },
      { memberId: 8, groupId: 3 },
    ]);
    act(() => vi.advanceTimersByTime(SPEC_IDENTIFICATION_BATCH_MS));
    server.requests[0]!.answer();
    await settle();
    const [martaAvatar, piotrAvatar] = [...container.querySelectorAll('.entity-avatar')];
    expect(piotrAvatar!.querySelector('img')).toBeNull();
    expect(piotrAvatar).toHaveTextContent('PZ');
    fireEvent.error(martaAvatar!.querySelector('img')!);
    expect(martaAvatar!.querySelector('img')).toBeNull();
    expect(martaAvatar).toHaveTextContent('MN');
    expect(screen.getByText('Marta Nowak')).toBeInTheDocument();
  });

  it('says the id at once when there is no group to ask in', () => {
    const server = fakeServer([MARTA]);
    renderLabels(server, [{ memberId: 7, groupId: null }]);
    expect(screen.getByText('Member id=7')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(SPEC_IDENTIFICATION_BATCH_MS));
    expect(server.requests).toHaveLength(0);
  });
});
