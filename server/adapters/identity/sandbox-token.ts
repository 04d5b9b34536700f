import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A sandbox sign-in token is good for ten minutes: long enough to reach POST /session, too short to keep. */
export const SANDBOX_TOKEN_LIFETIME_MS = 10 * 60_000;

const VERSION = 'sbx1';

export interface SandboxTokenPayload {
  /** The account's fb_user_id. */
  sub: string;
  /** Expiry, unix milliseconds. */
  exp: number;
  /** The token's own random id, by which its one use is recorded. */
  jti: string;
}

function signature(secret: string, signed: string): Buffer {
  return createHmac('sha256', secret).update(signed).digest();
}

/** `sbx1.<payload>.<signature>`: a base64url JSON payload naming the account, HMAC-SHA256 signed with the installation's key. */
export function signSandboxToken(secret: string, fbUserId: string, issuedAt: Date): string {
  const payload: SandboxTokenPayload = {
    sub: fbUserId,
    exp: issuedAt.getTime() + SANDBOX_TOKEN_LIFETIME_MS,
    jti: randomBytes(16).toString('base64url'),
  };
  const signed = `${VERSION}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${signed}.${signature(secret, signed).toString('base64url')}`;
}

/** What a token says (the account's fb_user_id, its expiry and id), or null when it is malformed, signed with another key, or expired. */
export function readSandboxToken(secret: string, token: string, now: Date): SandboxTokenPayload | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== VERSION) return null;
  const [version, encodedPayload, encodedSignature] = parts as [string, string, string];
  const expected = signature(secret, `${version}.${encodedPayload}`);
  const given = Buffer.from(encodedSignature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const payload = parsePayload(encodedPayload);
  if (!payload || payload.exp <= now.getTime()) return null;
  return payload;
}

function parsePayload(encoded: string): SandboxTokenPayload | null {
  try {
    const payload = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
    const wellFormed = typeof payload?.sub === 'string' && typeof payload?.exp === 'number' && typeof payload?.jti === 'string';
    return wellFormed ? payload : null;
  } catch {
    return null;
  }
}
