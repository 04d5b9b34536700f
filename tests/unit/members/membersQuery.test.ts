import { describe, expect, it } from 'vitest';
import { fileNameOf } from '../../../machines/memberList/exportFile';
import { MEMBERS_QUERY_DEFAULTS, membersQueryOf } from '../../../machines/memberList/query';
import { listAddress, listFromPath } from '../../../src/features/members/membersQuery';

describe('the members query from the address', () => {
  it('takes the list from the path, the default list without one', () => {
    expect(listFromPath('removed')).toBe('removed');
    expect(listFromPath('all_members')).toBe('all_members');
    expect(listFromPath(undefined)).toBe('active');
  });

  it('reads the filters, and puts defaults in place of values the server would refuse', () => {
    expect(membersQueryOf('inactive', { ...MEMBERS_QUERY_DEFAULTS, page: '3', per_page: '50', search: ' ann ', sort_by: 'paid', sort_direction: 'desc' })).toEqual({
      list: 'inactive',
      page: 3,
      per_page: 50,
      search: 'ann',
      sort_by: 'paid',
      sort_direction: 'desc',
    });
    expect(membersQueryOf('active', { page: '-2', per_page: '1000', search: '', sort_by: 'id; drop', sort_direction: 'sideways' })).toEqual({
      list: 'active',
      page: 1,
      per_page: 25,
      search: '',
      sort_by: 'name',
      sort_direction: 'asc',
    });
  });

  it("opens another tab with the same filters from page 1, defaults and the default list left out of the address", () => {
    const filters = { ...MEMBERS_QUERY_DEFAULTS, page: '4', search: 'ann', sort_by: 'posts_count' };
    expect(listAddress('100200300', 'removed', filters)).toEqual({ pathname: '/100200300/members/removed', search: '?search=ann&sort_by=posts_count' });
    expect(listAddress('100200300', 'active', MEMBERS_QUERY_DEFAULTS)).toEqual({ pathname: '/100200300/members', search: '' });
  });
});

describe('the export file name', () => {
  it('comes from the Content-Disposition header in either form', () => {
    expect(fileNameOf('attachment; filename="members-active.csv"')).toBe('members-active.csv');
    expect(fileNameOf("attachment; filename*=UTF-8''caf%C3%A9%20members.csv")).toBe('café members.csv');
    expect(fileNameOf('attachment; filename=plain.csv')).toBe('plain.csv');
    expect(fileNameOf(null)).toBeNull();
    expect(fileNameOf('attachment')).toBeNull();
  });
});
