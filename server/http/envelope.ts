import { createCipheriv, createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './errors';
import { MAX_BODY_DEPTH, nestsDeeperThan, tooDeep } from './json-body';

/**
 * The encrypted envelope mode (part 1 §7, docs/CONVENTIONS.md). With ENVELOPE_KEY set, the server
 * has a P-256 key pair derived from that secret (the same on every process), and GET /status
 * announces its public key. Each client makes a key pair of its own and sends its public key on
 * every call in the `X-Envelope-Key` header; both sides agree on the client's AES-256-GCM key
 * with ECDH and HKDF-SHA256, so no per-process memory is needed to open a client's envelopes, and
 * no caller can learn a key that opens another caller's. Every JSON body of the API, both ways,
 * then travels as `{"envelope": "<base64url of iv | ciphertext | tag>"}`, sealed with that key, a
 * random 12-byte iv per message and the direction ('request' or 'answer') as additional data.
 * Headers, status codes, non-JSON answers (the CSV export) and GET /status stay in clear.
 */
export const ENVELOPE_FIELD = 'envelope';
export const ENVELOPE_KEY_HEADER = 'x-envelope-key';

export type EnvelopeDirection = 'request' | 'answer';

const IV_BYTES = 12;
const TAG_BYTES = 16;
/** An uncompressed P-256 point: 0x04 | x | y. */
const PUBLIC_KEY_BYTES = 65;
/** The order of P-256's base point. */
const CURVE_ORDER = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;
const SERVER_KEY_INFO = 'xfilter envelope server key';
const CLIENT_KEY_INFO = 'xfilter envelope client key';

function fromBase64Url(text: unknown): Buffer | undefined {
  if (typeof text !== 'string') return undefined;
  const bytes = Buffer.from(text, 'base64url');
  return bytes.toString('base64url') === text ? bytes : undefined;
}

/**
 * The AES-256-GCM key of the client whose public key is `clientPublicKey`: HKDF-SHA256 over the
 * ECDH secret, with an empty salt and both public keys in the info, so a key belongs to one pair.
 */
function envelopeKeyOf(sharedSecret: Buffer, clientPublicKey: Buffer, serverPublicKey: Buffer): Buffer {
  const info = Buffer.concat([Buffer.from(CLIENT_KEY_INFO), clientPublicKey, serverPublicKey]);
  return Buffer.from(hkdfSync('sha256', sharedSecret, Buffer.alloc(0), info, 32));
}

export interface EnvelopeKeyPair {
  /** The server's public key, the uncompressed point that GET /status announces in base64url. */
  publicKey: Buffer;
  /** The key of the client whose `X-Envelope-Key` header this is, or undefined when it is no P-256 public key. */
  clientKey(header: unknown): Buffer | undefined;
}

const keyPairs = new WeakMap<Buffer, EnvelopeKeyPair>();

/**
 * The server's key pair: its private scalar is HKDF-SHA256 of ENVELOPE_KEY (48 bytes, reduced into
 * [1, n - 1]), so every process given the same ENVELOPE_KEY has the same pair.
 */
export function envelopeKeyPair(secret: Buffer): EnvelopeKeyPair {
  const known = keyPairs.get(secret);
  if (known) return known;
  const wide = BigInt(`0x${Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), SERVER_KEY_INFO, 48)).toString('hex')}`);
  const scalar = (wide % (CURVE_ORDER - 1n)) + 1n;
  const ecdh: ECDH = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(scalar.toString(16).padStart(64, '0'), 'hex'));
  const publicKey = ecdh.getPublicKey();
  const pair: EnvelopeKeyPair = {
    publicKey,
    clientKey(header) {
      const clientPublicKey = fromBase64Url(header);
      if (clientPublicKey?.length !== PUBLIC_KEY_BYTES || clientPublicKey[0] !== 0x04) return undefined;
      try {
        return envelopeKeyOf(ecdh.computeSecret(clientPublicKey), clientPublicKey, publicKey);
      } catch {
        return undefined;
      }
    },
  };
  keyPairs.set(secret, pair);
  return pair;
}

export function sealEnvelope(key: Buffer, plaintext: string, direction: EnvelopeDirection): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(direction));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, ciphertext, cipher.getAuthTag()]).toString('base64url');
}

/** The sealed text, or undefined when the envelope is malformed, tampered with, sealed with another key or for the other direction. */
export function openEnvelope(key: Buffer, sealed: string, direction: EnvelopeDirection): string | undefined {
  const bytes = fromBase64Url(sealed);
  if (!bytes || bytes.length < IV_BYTES + TAG_BYTES) return undefined;
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(direction));
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

function badEnvelope(): ApiError {
  return new ApiError('bad_request', 'The request body is not a valid envelope', { field: ENVELOPE_FIELD, location: 'body', rule: 'envelope' });
}

function badClientKey(): ApiError {
  return new ApiError('bad_request', 'The X-Envelope-Key header is not a P-256 public key in base64url', {
    field: 'X-Envelope-Key',
    location: 'header',
    rule: 'envelope',
  });
}

function isEnvelope(body: unknown): body is { envelope: string } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const keys = Object.keys(body);
  return keys.length === 1 && keys[0] === ENVELOPE_FIELD && typeof (body as Record<string, unknown>)[ENVELOPE_FIELD] === 'string';
}

/**
 * Agrees on the caller's key from its `X-Envelope-Key` header before anything else runs (a call
 * without a valid one is refused, in clear: there is no key to seal the refusal with), opens
 * request bodies before anything reads them (so the contract validates the opened body as usual)
 * and seals JSON answers, error answers too, on their way out. `clearUrls` are the routes answered
 * in clear.
 */
export function registerEnvelope(app: FastifyInstance, secret: Buffer, apiPrefix: string, clearUrls: readonly string[]): void {
  const server = envelopeKeyPair(secret);
  const keys = new WeakMap<FastifyRequest, Buffer>();
  const sealed = (request: FastifyRequest) =>
    request.url.startsWith(`${apiPrefix}/`) && !clearUrls.includes(request.routeOptions.url ?? '');

  app.addHook('onRequest', async (request) => {
    if (!sealed(request)) return;
    const key = server.clientKey(request.headers[ENVELOPE_KEY_HEADER]);
    if (!key) throw badClientKey();
    keys.set(request, key);
  });

  app.addHook('preValidation', async (request) => {
    const key = keys.get(request);
    if (!key || request.body === undefined) return;
    if (!isEnvelope(request.body)) throw badEnvelope();
    const opened = openEnvelope(key, request.body.envelope, 'request');
    if (opened === undefined) throw badEnvelope();
    if (nestsDeeperThan(opened, MAX_BODY_DEPTH)) throw tooDeep();
    try {
      request.body = JSON.parse(opened);
    } catch {
      throw badEnvelope();
    }
  });

  app.addHook('onSend', async (request, reply: FastifyReply, payload) => {
    const key = keys.get(request);
    const json = String(reply.getHeader('content-type') ?? '').startsWith('application/json');
    if (!key || !json || typeof payload !== 'string' || payload === '') return payload;
    return JSON.stringify({ [ENVELOPE_FIELD]: sealEnvelope(key, payload, 'answer') });
  });
}
