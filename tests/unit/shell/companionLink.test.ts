import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../src/api/client';
import { CompanionTokenRefused, companionLink, openCompanion, requestCompanionToken } from '../../../src/app/shell/companionLink';
import { BASE_URL, createFakeServer } from '../app/support/fakeServer';

describe('companionLink', () => {
  it('opens the token route with the current page as back_url', () => {
    expect(companionLink('https://friendfilter.example', 'tok123', 'https://app.xfilter.example/1402/members?page=2')).toBe(
      'https://friendfilter.example/auth/token/tok123?back_url=https%3A%2F%2Fapp.xfilter.example%2F1402%2Fmembers%3Fpage%3D2',
    );
  });

  it('adds the redirect when one is given', () => {
    expect(companionLink('https://friendfilter.example', 'tok', 'https://x.example/', '/lists/7')).toBe(
      'https://friendfilter.example/auth/token/tok?back_url=https%3A%2F%2Fx.example%2F&redirect=%2Flists%2F7',
    );
  });

  it('does not double the slash after a base URL that ends in one', () => {
    expect(companionLink('https://friendfilter.example/', 'tok', 'https://x.example/')).toMatch(
      /^https:\/\/friendfilter\.example\/auth\/token\/tok\?/,
    );
  });

  it('escapes a token that is not URL-safe', () => {
    expect(companionLink('https://friendfilter.example', 'a/b+c', 'https://x.example/')).toContain('/auth/token/a%2Fb%2Bc?');
  });
});

describe('openCompanion', () => {
  it('asks for a new token each time and opens the link that carries it', async () => {
    const tokens = ['first-token', 'second-token'];
    const issueToken = vi.fn(async () => tokens.shift()!);
    const open = vi.fn();
    const options = { companionUrl: 'https://friendfilter.example', backUrl: 'https://x.example/user', issueToken, open };
    await openCompanion(options);
    await openCompanion(options);
    expect(open.mock.calls).toEqual([
      ['https://friendfilter.example/auth/token/first-token?back_url=https%3A%2F%2Fx.example%2Fuser'],
      ['https://friendfilter.example/auth/token/second-token?back_url=https%3A%2F%2Fx.example%2Fuser'],
    ]);
  });

  it('opens nothing when no token could be issued', async () => {
    const open = vi.fn();
    const failing = openCompanion({
      companionUrl: 'https://friendfilter.example',
      backUrl: 'https://x.example/',
      issueToken: () => Promise.reject(new Error('offline')),
      open,
    });
    await expect(failing).rejects.toThrow('offline');
    expect(open).not.toHaveBeenCalled();
  });
});

describe('requestCompanionToken', () => {
  const REFUSAL = 'Signed in as another user, you cannot change their payment details or open friendFilter as them: only they can.';

  function apiAnswering(answer: (server: ReturnType<typeof createFakeServer>) => Response) {
    const server = createFakeServer([]);
    server.override((request) => (new URL(request.url).pathname === '/api/v1/session/companion_token' ? answer(server) : undefined));
    return createApiClient({ baseUrl: BASE_URL, fetch: server.fetch });
  }

  it('answers the token the server minted', async () => {
    const api = apiAnswering((server) => server.json({ token: 'minted', expires_at: '2026-03-02T10:01:00.000Z' }, 201));
    expect(await requestCompanionToken(api)).toBe('minted');
  });

  it("turns the server's refusal of a switched session into a refusal with its message", async () => {
    const api = apiAnswering((server) => server.failure(403, 'forbidden', REFUSAL));
    const refused = requestCompanionToken(api);
    await expect(refused).rejects.toBeInstanceOf(CompanionTokenRefused);
    await expect(refused).rejects.toThrow(REFUSAL);
  });

  it('fails as an ordinary error when the server cannot be reached', async () => {
    const api = createApiClient({ baseUrl: BASE_URL, fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    const failed = requestCompanionToken(api);
    await expect(failed).rejects.not.toBeInstanceOf(CompanionTokenRefused);
    await expect(failed).rejects.toThrow('The server did not answer.');
  });
});
