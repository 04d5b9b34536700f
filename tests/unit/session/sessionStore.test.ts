import { describe, expect, it } from 'vitest';
import { createSessionStore, SESSION_KEYS } from '../../../machines/session/sessionStore';

function storage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('the session store', () => {
  it('keeps the token under xfilter.token', () => {
    const local = storage();
    const store = createSessionStore(local);
    store.saveToken('abc');
    expect(local.items.get('xfilter.token')).toBe('abc');
    expect(store.readToken()).toBe('abc');
  });

  it("keeps a supervisor's switch: previous token, return URL and the switched flag", () => {
    const local = storage();
    const store = createSessionStore(local);
    store.saveSwitch({ previousToken: 'supervisor', returnUrl: '/superadmin/users/7' });
    expect(local.items.get(SESSION_KEYS.switched)).toBe('1');
    expect(store.readSwitch()).toEqual({ previousToken: 'supervisor', returnUrl: '/superadmin/users/7' });

    store.forgetSwitch();
    expect(store.readSwitch()).toBeNull();
  });

  it('reads no switch without the switched flag', () => {
    const local = storage();
    local.items.set(SESSION_KEYS.previousToken, 'supervisor');
    expect(createSessionStore(local).readSwitch()).toBeNull();
  });

  it('forgets the token and the switch on sign-out but keeps the terms choice', () => {
    const local = storage();
    const store = createSessionStore(local);
    store.saveToken('abc');
    store.saveSwitch({ previousToken: 'supervisor', returnUrl: '/' });
    store.saveTermsAccepted(true);
    store.forgetSession();
    expect(store.readToken()).toBeNull();
    expect(store.readSwitch()).toBeNull();
    expect(store.readTermsAccepted()).toBe(true);
  });

  it('keeps a back URL only when there is one', () => {
    const local = storage();
    const store = createSessionStore(local);
    store.saveBackUrl('/42/posts');
    expect(local.items.get(SESSION_KEYS.backUrl)).toBe('/42/posts');
    store.saveBackUrl(null);
    expect(local.items.has(SESSION_KEYS.backUrl)).toBe(false);
  });
});
