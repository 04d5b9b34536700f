import { describe, expect, it } from 'vitest';
import {
  DEFAULT_AUDIT_LOG_FILTERS,
  readAuditLogFilters,
  withAuditPage,
  withKinds,
  withMember,
  writeAuditLogFilters,
} from '../../../src/features/auditLogs/auditLogFilters';

describe('audit log filters in the address', () => {
  it('reads defaults (30 a page) from an empty query and writes none back', () => {
    const filters = readAuditLogFilters(new URLSearchParams());
    expect(filters).toEqual({ kinds: [], memberId: null, page: 1, perPage: 30 });
    expect(writeAuditLogFilters(filters).toString()).toBe('');
  });

  it('round-trips pipe-delimited kinds, the member, the page and the page size', () => {
    const query = 'kind=sign_in%7Cmembers_scan&member_id=11&page=2&per_page=50';
    const filters = readAuditLogFilters(new URLSearchParams(query));
    expect(filters).toEqual({ kinds: ['sign_in', 'members_scan'], memberId: 11, page: 2, perPage: 50 });
    expect(writeAuditLogFilters(filters).toString()).toBe(query);
  });

  it('drops kinds it does not know and values it cannot use', () => {
    expect(readAuditLogFilters(new URLSearchParams('kind=nope|sign_in|sign_in&member_id=x&page=0&per_page=7'))).toEqual({
      ...DEFAULT_AUDIT_LOG_FILTERS,
      kinds: ['sign_in'],
    });
  });

  it('goes back to page 1 when a filter or the page size changes', () => {
    const onPage4 = { ...DEFAULT_AUDIT_LOG_FILTERS, page: 4 };
    expect(withKinds(onPage4, ['sign_out']).page).toBe(1);
    expect(withMember(onPage4, 12)).toEqual({ ...DEFAULT_AUDIT_LOG_FILTERS, memberId: 12 });
    expect(withAuditPage(onPage4, 5, 30).page).toBe(5);
    expect(withAuditPage(onPage4, 4, 100)).toEqual({ ...DEFAULT_AUDIT_LOG_FILTERS, perPage: 100 });
  });
});
