import { describe, expect, it } from 'vitest';
import { matchPath } from 'react-router-dom';
import { pathTo, routePaths } from '../../../src/app/routes';

describe('the named routes', () => {
  it('has every route name of the spec', () => {
    expect(Object.keys(routePaths)).toEqual(
      expect.arrayContaining([
        'home', 'login', 'logout', 'user', 'affiliates', 'token_auth', 'banned', 'onboarding', 'group', 'group_dashboard',
        'group_members', 'group_posts', 'group_logs', 'group_permissions', 'group_connects', 'group_settings',
        'group_purchase', 'change_card', 'support', 'welcome',
      ]),
    );
  });

  it('builds paths from names and parameters', () => {
    expect(pathTo('login')).toBe('/auth/login');
    expect(pathTo('token_auth', { token: 'abc' })).toBe('/auth/token/abc');
    expect(pathTo('group_dashboard', { fbGroupId: '42' })).toBe('/42/dashboard');
    expect(pathTo('group_members', { fbGroupId: '42', list: 'removed' })).toBe('/42/members/removed');
    expect(pathTo('group_members', { fbGroupId: '42', list: null })).toBe('/42/members');
    expect(pathTo('superadmin_user', { id: '5' })).toBe('/superadmin/users/5');
  });

  it('puts every group route under /:fbGroupId and every supervisor route under /superadmin', () => {
    for (const [name, path] of Object.entries(routePaths)) {
      if (name.startsWith('group')) expect(path.startsWith('/:fbGroupId')).toBe(true);
      if (name.startsWith('superadmin')) expect(path.startsWith('/superadmin')).toBe(true);
    }
  });

  it('makes the members list optional', () => {
    expect(matchPath(routePaths.group_members, '/42/members')?.params).toEqual({ fbGroupId: '42' });
    expect(matchPath(routePaths.group_members, '/42/members/inactive')?.params).toEqual({ fbGroupId: '42', list: 'inactive' });
  });
});
