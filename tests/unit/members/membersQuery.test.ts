import { describe, expect, it } from 'vitest';
import { fileNameOf } from '../../../machines/memberList/exportFile';
import { MEMBERS_QUERY_DEFAULTS, membersQueryOf, sameMembersQuery } from '../../../machines/memberList/query';
import { listAddress, listFromPath } from '../../../src/features/members/membersQuery';
import { savedViewAddress, savedViewOf } from '../../../src/features/members/savedViews';

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

describe('the saved views', () => {
  it('ask the server for paying or not paying members only when the address says so', () => {
    expect(membersQueryOf('inactive', { ...MEMBERS_QUERY_DEFAULTS, paying: 'true' })).toMatchObject({ list: 'inactive', paying: true });
    expect(membersQueryOf('active', { ...MEMBERS_QUERY_DEFAULTS, paying: 'false' })).toMatchObject({ paying: false });
    expect(membersQueryOf('active', { ...MEMBERS_QUERY_DEFAULTS, paying: 'maybe' })).not.toHaveProperty('paying');
    expect(membersQueryOf('active', MEMBERS_QUERY_DEFAULTS)).not.toHaveProperty('paying');
  });

  it('load again when only the paying filter changes', () => {
    const everyone = membersQueryOf('active', MEMBERS_QUERY_DEFAULTS);
    const notPaying = membersQueryOf('active', { ...MEMBERS_QUERY_DEFAULTS, paying: 'false' });
    expect(sameMembersQuery(everyone, notPaying)).toBe(false);
    expect(sameMembersQuery(notPaying, everyone)).toBe(false);
    expect(sameMembersQuery(notPaying, { ...notPaying })).toBe(true);
  });

  it('are "Paying but inactive" (inactive, paying) and "Active but not paying" (active, not paying), from page 1', () => {
    const filters = { ...MEMBERS_QUERY_DEFAULTS, page: '3', search: 'ann' };
    expect(savedViewAddress('100200300', 'paying-inactive', 'active', filters)).toEqual({ pathname: '/100200300/members/inactive', search: '?search=ann&paying=true' });
    expect(savedViewAddress('100200300', 'active-not-paying', 'removed', filters)).toEqual({ pathname: '/100200300/members', search: '?search=ann&paying=false' });
    expect(savedViewAddress('100200300', null, 'inactive', { ...filters, paying: 'true' })).toEqual({ pathname: '/100200300/members/inactive', search: '?search=ann' });
    expect(savedViewOf('inactive', { ...MEMBERS_QUERY_DEFAULTS, paying: 'true' })).toBe('paying-inactive');
    expect(savedViewOf('active', { ...MEMBERS_QUERY_DEFAULTS, paying: 'false' })).toBe('active-not-paying');
    expect(savedViewOf('active', { ...MEMBERS_QUERY_DEFAULTS, paying: 'true' })).toBeNull();
    expect(savedViewOf('active', MEMBERS_QUERY_DEFAULTS)).toBeNull();
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
