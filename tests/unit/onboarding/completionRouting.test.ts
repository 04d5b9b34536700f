import { describe, expect, it } from 'vitest';
import { destinationPath } from '../../../src/features/onboarding/destinationPath';
import { createSavedRoute, rememberRouteBeforeOnboarding, ROUTE_BEFORE_ONBOARDING_KEY } from '../../../src/features/onboarding/savedRoute';
import { SESSION_KEYS } from '../../../machines/session/sessionStore';

function storageWith(backUrl: string | null) {
  const items = new Map<string, string>(backUrl === null ? [] : [[SESSION_KEYS.backUrl, backUrl]]);
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('where a finished onboarding goes', () => {
  it("opens the group's members, the saved route or home", () => {
    expect(destinationPath({ to: 'groupMembers', fbGroupId: '2203344556677001' })).toBe('/2203344556677001/members');
    expect(destinationPath({ to: 'savedRoute', url: '/support?topic=billing' })).toBe('/support?topic=billing');
    expect(destinationPath({ to: 'home' })).toBe('/');
  });
});

describe('the route saved before onboarding', () => {
  it("is a token link's back URL within the app, forgotten once used", () => {
    const storage = storageWith('/affiliates');
    const saved = createSavedRoute(storage);
    expect(saved.read()).toBe('/affiliates');
    saved.forget();
    expect(saved.read()).toBeNull();
  });

  it('ignores another site', () => {
    expect(createSavedRoute(storageWith('https://elsewhere.example/')).read()).toBeNull();
    expect(createSavedRoute(storageWith('//elsewhere.example/')).read()).toBeNull();
    expect(createSavedRoute(storageWith(null)).read()).toBeNull();
  });

  it('is otherwise the last page the user left for onboarding, and a token link wins', () => {
    const storage = storageWith(null);
    rememberRouteBeforeOnboarding(storage, '/2203344556677001/posts');
    rememberRouteBeforeOnboarding(storage, '/onboarding/choose');
    rememberRouteBeforeOnboarding(storage, '/onboarding');
    const saved = createSavedRoute(storage);
    expect(saved.read()).toBe('/2203344556677001/posts');
    storage.setItem(SESSION_KEYS.backUrl, '/affiliates');
    expect(saved.read()).toBe('/affiliates');
    saved.forget();
    expect(storage.items.has(ROUTE_BEFORE_ONBOARDING_KEY)).toBe(false);
    expect(saved.read()).toBeNull();
  });
});
