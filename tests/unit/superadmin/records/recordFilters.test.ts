import { describe, expect, it } from 'vitest';
import { toSearchParams } from '../../../../machines/listQuery/query';
import { AUDIT_LOG_QUERY_DEFAULTS, readAuditLogRequest } from '../../../../src/features/superadmin/records/auditLogFilters';
import { GROUPS_QUERY_DEFAULTS, readGroupsRequest } from '../../../../src/features/superadmin/records/groupsFilters';
import { MEMBERS_QUERY_DEFAULTS, readMembersRequest } from '../../../../src/features/superadmin/records/membersFilters';
import { PLAN_FILTER_LABELS, plansParam, readUsersRequest, USERS_QUERY_DEFAULTS } from '../../../../src/features/superadmin/records/usersFilters';

const read = <Request>(reader: (params: URLSearchParams) => Request, address: string) => reader(new URLSearchParams(address));

describe('the supervisor lists’ defaults (part 2 §9)', () => {
  it('25 a page by name ascending for groups, members and users; the audit log 30 a page, newest first', () => {
    expect(read(readGroupsRequest, '')).toEqual({ page: 1, per_page: 25, sort_by: 'name', sort_direction: 'asc' });
    expect(read(readMembersRequest, '')).toEqual({ page: 1, per_page: 25, role: 'any', list: 'all_members', sort_by: 'name', sort_direction: 'asc' });
    expect(read(readUsersRequest, '')).toEqual({ page: 1, per_page: 25, role: 'any', sort_by: 'name', sort_direction: 'asc' });
    expect(read(readAuditLogRequest, '')).toEqual({ page: 1, per_page: 30, sort_by: 'created_at', sort_direction: 'desc' });
  });

  it('leaves every default out of the address', () => {
    for (const defaults of [GROUPS_QUERY_DEFAULTS, MEMBERS_QUERY_DEFAULTS, USERS_QUERY_DEFAULTS, AUDIT_LOG_QUERY_DEFAULTS]) {
      expect(toSearchParams(defaults, defaults).toString()).toBe('');
    }
    expect(toSearchParams({ ...AUDIT_LOG_QUERY_DEFAULTS, per_page: '25' }, AUDIT_LOG_QUERY_DEFAULTS).toString()).toBe('per_page=25');
  });

  it('offers 25, 50 and 100 a page; the audit log also its own 30', () => {
    expect(read(readUsersRequest, 'per_page=100').per_page).toBe(100);
    expect(read(readUsersRequest, 'per_page=30').per_page).toBe(25);
    expect(read(readAuditLogRequest, 'per_page=50').per_page).toBe(50);
    expect(read(readAuditLogRequest, 'per_page=7').per_page).toBe(30);
  });
});

describe('reading a supervisor list’s address (part 2 §3)', () => {
  it('reads the users’ plans pipe-separated, each once, unknown ones dropped', () => {
    expect(read(readUsersRequest, 'subscribed_plan=annual').subscribed_plan).toEqual(['annual']);
    expect(read(readUsersRequest, 'subscribed_plan=annual%7Cmonthly').subscribed_plan).toEqual(['annual', 'monthly']);
    expect(read(readUsersRequest, 'subscribed_plan=once|gold|once').subscribed_plan).toEqual(['once']);
    expect(read(readUsersRequest, 'subscribed_plan=gold').subscribed_plan).toBeUndefined();
  });

  it('reads yes/no filters, ids and choices, falling back to no filter or the default when the value is not one', () => {
    expect(read(readUsersRequest, 'is_orphaned=true&is_locked=false&member_id=12&role=banned')).toMatchObject({
      is_orphaned: true,
      is_locked: false,
      member_id: 12,
      role: 'banned',
    });
    expect(read(readUsersRequest, 'is_orphaned=yes&member_id=-3&role=owner&sort_by=password')).toMatchObject({
      is_orphaned: undefined,
      member_id: undefined,
      role: 'any',
      sort_by: 'name',
    });
    expect(read(readGroupsRequest, 'no_member=true&search=%20bees%20&sort_by=subscription_ends_at&sort_direction=desc')).toMatchObject({
      no_member: true,
      search: 'bees',
      sort_by: 'subscription_ends_at',
      sort_direction: 'desc',
    });
    expect(read(readMembersRequest, 'group_id=4&has_user=false&list=removed&role=admin&page=3')).toMatchObject({
      group_id: 4,
      has_user: false,
      list: 'removed',
      role: 'admin',
      page: 3,
    });
  });

  it('reads the audit log’s kinds, people and days; a to-day before the from-day is dropped', () => {
    expect(read(readAuditLogRequest, 'kind=sign_in%7Clab_action|nope&member_id=3&group_id=4&user_id=5&from=2026-03-01&to=2026-03-09')).toMatchObject({
      kind: ['sign_in', 'lab_action'],
      member_id: 3,
      group_id: 4,
      user_id: 5,
      from: '2026-03-01',
      to: '2026-03-09',
    });
    expect(read(readAuditLogRequest, 'from=2026-03-09&to=2026-03-01')).toMatchObject({ from: '2026-03-09', to: undefined });
    expect(read(readAuditLogRequest, 'from=2026-02-30')).toMatchObject({ from: undefined });
  });
});

describe('the users list’s plan filter', () => {
  it('writes the plans in the order they were ticked, pipe-separated', () => {
    expect(plansParam([], 'annual', true)).toBe('annual');
    expect(plansParam(['annual'], 'monthly', true)).toBe('annual|monthly');
    expect(plansParam(['annual', 'monthly'], 'annual', false)).toBe('monthly');
    expect(plansParam(['monthly'], 'monthly', false)).toBe('');
  });

  it('names the plans free, monthly, annual and once shown as Lifetime (part 2 §9)', () => {
    expect(PLAN_FILTER_LABELS).toEqual({ free: 'Free', monthly: 'Monthly', annual: 'Annual', once: 'Lifetime' });
  });
});
