import { describe, expect, it } from 'vitest';
import { readSandboxToken, signSandboxToken } from '../../../server/adapters/identity/sandbox-token';
import { SPEC_SANDBOX_TOKEN_LIFETIME_MS } from '../../support/spec-numbers';

const SECRET = 'one-installation';
const ISSUED = new Date('2026-03-15T12:00:00Z');
const later = (ms: number) => new Date(ISSUED.getTime() + ms);

describe('sandbox sign-in tokens', () => {
  const token = signSandboxToken(SECRET, '100062127837086', ISSUED);

  it('name the account they were issued for while they are fresh', () => {
    expect(readSandboxToken(SECRET, token, later(SPEC_SANDBOX_TOKEN_LIFETIME_MS - 1))).toMatchObject({
      sub: '100062127837086',
      exp: later(SPEC_SANDBOX_TOKEN_LIFETIME_MS).getTime(),
    });
  });

  it('each have an id of their own, also when issued at the same moment for the same account', () => {
    const again = signSandboxToken(SECRET, '100062127837086', ISSUED);
    expect(again).not.toBe(token);
    expect(readSandboxToken(SECRET, again, ISSUED)!.jti).not.toBe(readSandboxToken(SECRET, token, ISSUED)!.jti);
  });

  it('expire after ten minutes', () => {
    expect(readSandboxToken(SECRET, token, later(SPEC_SANDBOX_TOKEN_LIFETIME_MS))).toBeNull();
  });

  it('fail with another installation key', () => {
    expect(readSandboxToken('another-installation', token, ISSUED)).toBeNull();
  });

  it('fail when the payload is changed', () => {
    const [version, , signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: '100000000000001', exp: later(60_000).getTime() })).toString('base64url');
    expect(readSandboxToken(SECRET, `${version}.${forged}.${signature}`, ISSUED)).toBeNull();
  });

  it('fail when malformed', () => {
    for (const bad of ['', 'x', 'sbx1..', `${token}.extra`, token.replace('sbx1', 'sbx2'), 'sbx1.e30.AAAA']) {
      expect(readSandboxToken(SECRET, bad, ISSUED), bad).toBeNull();
    }
  });
});
