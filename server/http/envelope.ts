import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './errors';
import { MAX_BODY_DEPTH, nestsDeeperThan, tooDeep } from './json-body';

/**
 * The encrypted envelope mode (part 1 §7): with ENVELOPE_KEY set, every JSON body of the API, both
 * ways, travels as `{"envelope": "<base64url of iv | ciphertext | tag>"}`, sealed with AES-256-GCM
 * and a random 12-byte iv per message. Headers, status codes and non-JSON answers (the CSV export)
 * stay in clear, and so does GET /status, which tells the app the key. It hides bodies from casual
 * inspection; it is not a secret from the user, whose app holds the key.
 */
export const ENVELOPE_FIELD = 'envelope';

const IV_BYTES = 12;
const TAG_BYTES = 16;

export function sealEnvelope(key: Buffer, plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, ciphertext, cipher.getAuthTag()]).toString('base64url');
}

/** The sealed text, or undefined when the envelope is malformed, tampered with or sealed with another key. */
export function openEnvelope(key: Buffer, sealed: string): string | undefined {
  const bytes = Buffer.from(sealed, 'base64url');
  if (bytes.length < IV_BYTES + TAG_BYTES || bytes.toString('base64url') !== sealed) return undefined;
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
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

function isEnvelope(body: unknown): body is { envelope: string } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const keys = Object.keys(body);
  return keys.length === 1 && keys[0] === ENVELOPE_FIELD && typeof (body as Record<string, unknown>)[ENVELOPE_FIELD] === 'string';
}

/**
 * Opens request bodies before anything reads them (so the contract validates the opened body as
 * usual) and seals JSON answers, error answers too, on their way out. `clearUrls` are the routes
 * answered in clear.
 */
export function registerEnvelope(app: FastifyInstance, key: Buffer, apiPrefix: string, clearUrls: readonly string[]): void {
  const sealed = (request: FastifyRequest) =>
    request.url.startsWith(`${apiPrefix}/`) && !clearUrls.includes(request.routeOptions.url ?? '');

  app.addHook('preValidation', async (request) => {
    if (!sealed(request) || request.body === undefined) return;
    if (!isEnvelope(request.body)) throw badEnvelope();
    const opened = openEnvelope(key, request.body.envelope);
    if (opened === undefined) throw badEnvelope();
    if (nestsDeeperThan(opened, MAX_BODY_DEPTH)) throw tooDeep();
    try {
      request.body = JSON.parse(opened);
    } catch {
      throw badEnvelope();
    }
  });

  app.addHook('onSend', async (request, reply: FastifyReply, payload) => {
    const json = String(reply.getHeader('content-type') ?? '').startsWith('application/json');
    if (!sealed(request) || !json || typeof payload !== 'string' || payload === '') return payload;
    return JSON.stringify({ [ENVELOPE_FIELD]: sealEnvelope(key, payload) });
  });
}
