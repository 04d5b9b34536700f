import { describe, expect, it } from 'vitest';
import { SESSION_KEYS } from '../../../machines/session/sessionStore';
import { bootFor } from '../../../src/boot/bootFor';

function storageWith(entries: Record<string, string>): Pick<Storage, 'getItem'> {
  return { getItem: (key) => entries[key] ?? null };
}

describe('which code a page load starts', () => {
  const signedOut = storageWith({});
  const signedIn = storageWith({ [SESSION_KEYS.token]: 'token-1' });

  it('gives a signed-out visitor the login page alone, wherever they land', () => {
    for (const path of ['/auth/login', '/', '/12345/dashboard', '/12345/members/removed', '/logout', '/banned', '/onboarding']) {
      expect(bootFor(path, signedOut), path).toBe('login');
    }
  });

  it('gives a signed-out visitor the app on its pages for visitors: the sandbox account picker and a token link', () => {
    expect(bootFor('/auth/sandbox', signedOut)).toBe('app');
    expect(bootFor('/auth/token/abc', signedOut)).toBe('app');
  });

  it('gives anyone with a stored session the app, the login page included', () => {
    for (const path of ['/auth/login', '/', '/12345/dashboard']) expect(bootFor(path, signedIn), path).toBe('app');
  });

  it('keeps only the token as the sign of a session: remembered terms do not count', () => {
    expect(bootFor('/', storageWith({ [SESSION_KEYS.termsAccepted]: 'true' }))).toBe('login');
  });
});
