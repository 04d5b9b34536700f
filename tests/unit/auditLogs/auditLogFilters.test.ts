import { describe, expect, it } from 'vitest';
import { toSearchParams } from '../../../machines/listQuery/query';
import {
  AUDIT_LOG_QUERY_DEFAULTS,
  DEFAULT_AUDIT_LOG_FILTERS,
  kindsParam,
  readAuditLogFilters,
} from '../../../src/features/auditLogs/auditLogFilters';

describe('audit log filters in the address', () => {
  it('reads defaults (30 a page) from an empty address, and the defaults write nothing back', () => {
    expect(readAuditLogFilters(new URLSearchParams())).toEqual({ kinds: [], memberId: null, page: 1, perPage: 30 });
    expect(toSearchParams(AUDIT_LOG_QUERY_DEFAULTS, AUDIT_LOG_QUERY_DEFAULTS).toString()).toBe('');
  });

  it('reads pipe-delimited kinds, the member, the page and the page size', () => {
    const filters = readAuditLogFilters(new URLSearchParams('kind=sign_in%7Cmembers_scan&member_id=11&page=2&per_page=50'));
    expect(filters).toEqual({ kinds: ['sign_in', 'members_scan'], memberId: 11, page: 2, perPage: 50 });
    expect(kindsParam(filters.kinds)).toBe('sign_in|members_scan');
  });

  it('drops kinds it does not know and values it cannot use', () => {
    expect(readAuditLogFilters(new URLSearchParams('kind=nope|sign_in|sign_in&member_id=x&page=0&per_page=7'))).toEqual({
      ...DEFAULT_AUDIT_LOG_FILTERS,
      kinds: ['sign_in'],
    });
  });
});
