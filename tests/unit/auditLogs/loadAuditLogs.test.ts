import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/client';
import { DEFAULT_AUDIT_LOG_FILTERS } from '../../../src/features/auditLogs/auditLogFilters';
import { searchMembers } from '../../../src/api/memberSearch';
import { loadAuditLogs } from '../../../src/features/auditLogs/loadAuditLogs';
import { SPEC_TYPEAHEAD_MATCHES } from '../../support/spec-numbers';

function fakeServer(status: number, body: unknown) {
  const requests: string[] = [];
  const api = createApiClient({
    baseUrl: 'http://app.test/api/v1',
    fetch: async (request) => {
      requests.push(decodeURIComponent(request.url));
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    },
  });
  return { api, requests };
}

const signal = () => new AbortController().signal;

describe('loadAuditLogs', () => {
  it('asks for the filtered page with kinds pipe-delimited', async () => {
    const { api, requests } = fakeServer(200, { audit_logs: [], count: 3, kinds: ['sign_in'] });
    const filters = { kinds: ['sign_in', 'sign_out'] as const, memberId: 11, page: 2, perPage: 30 };
    expect(await loadAuditLogs(api, 7, { ...filters, kinds: [...filters.kinds] }, signal())).toEqual({
      kind: 'loaded',
      logs: [],
      count: 3,
      kinds: ['sign_in'],
    });
    expect(requests).toEqual(['http://app.test/api/v1/groups/7/audit_logs?page=2&per_page=30&member_id=11&kind=sign_in|sign_out']);
  });

  it("turns the server's refusal into a reason", async () => {
    const { api } = fakeServer(501, { error: { message: 'Not implemented yet' } });
    expect(await loadAuditLogs(api, 7, DEFAULT_AUDIT_LOG_FILTERS, signal())).toEqual({ kind: 'failed', reason: 'Not implemented yet' });
  });
});

describe('searchMembers', () => {
  it('does not ask before 3 characters', async () => {
    const { api, requests } = fakeServer(200, { matches: [] });
    expect(await searchMembers(api, 7, ' ad ')).toEqual([]);
    expect(requests).toEqual([]);
  });

  it("asks within the group and keeps at most 10 matches", async () => {
    const matches = Array.from({ length: SPEC_TYPEAHEAD_MATCHES + 2 }, (_, i) => ({ id: i + 1, name: `Ada ${i}`, avatar_url: null, description: null }));
    const { api, requests } = fakeServer(200, { matches });
    expect(await searchMembers(api, 7, 'Ada')).toHaveLength(SPEC_TYPEAHEAD_MATCHES);
    expect(requests).toEqual(['http://app.test/api/v1/autocomplete/members?search=Ada&group_id=7']);
  });
});
