import { describe, expect, it } from 'vitest';
import {
  accessRedirect,
  affiliatesRedirect,
  connectionsRedirect,
  findRouteGroup,
  homeRedirect,
  isGroupIdParam,
  memberListRedirect,
  onboardingStepRedirect,
  welcomeRedirect,
  type RouteAccess,
  type Visitor,
} from '../../../src/app/guards';
import { isLoginFailure, tokenAuthTarget } from '../../../src/app/routes';
import { adminUser, freeGroup, lockedGroup, monthlyGroup, newcomerUser, statusFixture } from '../support/sessionFixtures';

const anonymous: Visitor = { access: 'anonymous', isSupervisor: false };
const member: Visitor = { access: 'active', isSupervisor: false };
const supervisor: Visitor = { access: 'active', isSupervisor: true };
const banned: Visitor = { access: 'banned', isSupervisor: false };

describe('accessRedirect', () => {
  const table: Array<[string, Visitor, RouteAccess, string | null]> = [
    ['anonymous on login', anonymous, 'anonymousOnly', null],
    ['anonymous on a user page', anonymous, 'user', '/auth/login'],
    ['anonymous on a supervisor page', anonymous, 'supervisor', '/auth/login'],
    ['anonymous on banned', anonymous, 'bannedOnly', '/auth/login'],
    ['a signed-in user on login', member, 'anonymousOnly', '/'],
    ['a signed-in user on a user page', member, 'user', null],
    ['a signed-in user on banned', member, 'bannedOnly', '/'],
    ['a non-supervisor on a supervisor page', member, 'supervisor', '/'],
    ['a supervisor on a supervisor page', supervisor, 'supervisor', null],
    ['a banned user on login', banned, 'anonymousOnly', '/banned'],
    ['a banned user on a user page', banned, 'user', '/banned'],
    ['a banned user on a supervisor page', banned, 'supervisor', '/banned'],
    ['a banned user on banned', banned, 'bannedOnly', null],
  ];
  it.each(table)('%s → %s', (_name, visitor, route, expected) => {
    expect(accessRedirect(visitor, route)).toBe(expected);
  });
});

describe('homeRedirect', () => {
  const groups = [freeGroup, monthlyGroup];

  it('opens the welcome page for a user who has not seen it', () => {
    expect(homeRedirect({ user: newcomerUser, groups, rememberedFbGroupId: null })).toBe('/welcome');
  });

  it('opens the remembered group when the user still holds it', () => {
    expect(homeRedirect({ user: adminUser, groups, rememberedFbGroupId: monthlyGroup.fb_group_id })).toBe(
      `/${monthlyGroup.fb_group_id}/dashboard`,
    );
  });

  it('opens the first group when nothing is remembered or the remembered one is gone', () => {
    expect(homeRedirect({ user: adminUser, groups, rememberedFbGroupId: null })).toBe(`/${freeGroup.fb_group_id}/dashboard`);
    expect(homeRedirect({ user: adminUser, groups, rememberedFbGroupId: '999' })).toBe(`/${freeGroup.fb_group_id}/dashboard`);
  });

  it('opens onboarding when the user has no group', () => {
    expect(homeRedirect({ user: adminUser, groups: [], rememberedFbGroupId: null })).toBe('/onboarding');
  });
});

describe('group routes', () => {
  it('accepts only digits as a group id', () => {
    expect(isGroupIdParam('1402385749123001')).toBe(true);
    expect(isGroupIdParam('12a')).toBe(false);
    expect(isGroupIdParam('')).toBe(false);
    expect(isGroupIdParam(undefined)).toBe(false);
  });

  it("finds the route's group among the user's groups only", () => {
    expect(findRouteGroup(monthlyGroup.fb_group_id, [freeGroup, monthlyGroup])).toBe(monthlyGroup);
    expect(findRouteGroup('5550001', [freeGroup, monthlyGroup])).toBeUndefined();
  });

  it('sends free and locked groups home from connections', () => {
    expect(connectionsRedirect(freeGroup)).toBe('/');
    expect(connectionsRedirect(lockedGroup)).toBe('/');
    expect(connectionsRedirect(monthlyGroup)).toBeNull();
  });

  it('opens the default members list for an unknown list name', () => {
    expect(memberListRedirect('42', undefined)).toBeNull();
    expect(memberListRedirect('42', 'whitelisted')).toBeNull();
    expect(memberListRedirect('42', 'all_members')).toBeNull();
    expect(memberListRedirect('42', 'banana')).toBe('/42/members/active');
  });
});

describe('other routes', () => {
  it('sends home from affiliates when the referral programme is off', () => {
    const { features } = statusFixture();
    expect(affiliatesRedirect(features)).toBeNull();
    expect(affiliatesRedirect({ ...features, affiliates_enabled: false })).toBe('/');
  });

  it('shows the welcome page once', () => {
    expect(welcomeRedirect(newcomerUser)).toBeNull();
    expect(welcomeRedirect(adminUser)).toBe('/');
  });

  it('opens the first onboarding step for /onboarding and unknown steps', () => {
    expect(onboardingStepRedirect(undefined)).toBe('/onboarding/extension');
    expect(onboardingStepRedirect('nowhere')).toBe('/onboarding/extension');
    expect(onboardingStepRedirect('ownership')).toBeNull();
  });

  it('follows a token link only to a page of this app', () => {
    expect(tokenAuthTarget('/42/members/removed')).toBe('/42/members/removed');
    expect(tokenAuthTarget(null)).toBe('/');
    expect(tokenAuthTarget('https://evil.example/')).toBe('/');
    expect(tokenAuthTarget('//evil.example/')).toBe('/');
    expect(tokenAuthTarget('/\\evil.example/')).toBe('/');
  });

  it('reads a failed sign-in from success=false', () => {
    expect(isLoginFailure(new URLSearchParams('success=false'))).toBe(true);
    expect(isLoginFailure(new URLSearchParams('success=true'))).toBe(false);
    expect(isLoginFailure(new URLSearchParams())).toBe(false);
  });
});
