import type { Middleware } from 'openapi-fetch';

/**
 * The app's side of the encrypted envelope mode (part 1 §7, docs/CONVENTIONS.md): when GET /status
 * names an `envelope_key`, every other call's JSON body travels both ways as
 * `{"envelope": "<base64url of iv | ciphertext | tag>"}`, sealed with AES-256-GCM and a random
 * 12-byte iv per message. Headers, statuses and non-JSON answers (the CSV export) stay in clear.
 * In this mode a non-2xx answer is thrown as an `ErrorAnswer` carrying the server's error text.
 */
export const STATUS_PATH = '/status';

const IV_BYTES = 12;

/** A non-2xx answer in envelope mode: its message is the server's error text. */
export class ErrorAnswer extends Error {
  constructor(
    message: string,
    readonly response: Response,
    /** The opened error body, `{ error: { code, message, details? } }` when the server sent one. */
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ErrorAnswer';
  }
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

export function importEnvelopeKey(base64Key: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', fromBase64(base64Key), 'AES-GCM', false, ['encrypt', 'decrypt']);
}

export async function sealEnvelope(key: CryptoKey, plaintext: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(plaintext)));
  const message = new Uint8Array(IV_BYTES + sealed.length);
  message.set(iv);
  message.set(sealed, IV_BYTES);
  return toBase64Url(message);
}

/** Rejects when the envelope was tampered with or sealed with another key. */
export async function openEnvelope(key: CryptoKey, envelope: string): Promise<string> {
  const message = fromBase64(envelope);
  const opened = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: message.subarray(0, IV_BYTES) }, key, message.subarray(IV_BYTES));
  return new TextDecoder().decode(opened);
}

/**
 * The envelope key the server announces on GET /status (read once, in clear), or null when the
 * server runs without envelopes. A failed read is asked again on the next call.
 */
export function envelopeKeyFromStatus(baseUrl: string, fetch: (request: Request) => Promise<Response>): () => Promise<CryptoKey | null> {
  let key: Promise<CryptoKey | null> | null = null;
  const read = async () => {
    const response = await fetch(new Request(`${baseUrl.replace(/\/+$/, '')}${STATUS_PATH}`, { headers: { Accept: 'application/json' } }));
    if (!response.ok) throw new Error(`The server status could not be read (HTTP ${response.status}).`);
    const status = (await response.json()) as { envelope_key?: string };
    return status.envelope_key ? importEnvelopeKey(status.envelope_key) : null;
  };
  return () => {
    key ??= read().catch((error: unknown) => {
      key = null;
      throw error;
    });
    return key;
  };
}

const isJson = (headers: Headers) => (headers.get('Content-Type') ?? '').startsWith('application/json');

function errorTextOf(body: unknown, response: Response): string {
  const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
  return typeof message === 'string' && message ? message : `The server answered with HTTP ${response.status}.`;
}

/** Seals request bodies and opens answers; GET /status goes in clear. Register it first, so it opens answers last. */
export function envelopeMiddleware(keyOf: () => Promise<CryptoKey | null>): Middleware {
  return {
    async onRequest({ request, schemaPath }) {
      if (schemaPath === STATUS_PATH) return undefined;
      const key = await keyOf();
      if (!key || request.body === null) return undefined;
      const envelope = await sealEnvelope(key, await request.text());
      const headers = new Headers(request.headers);
      headers.set('Content-Type', 'application/json');
      return new Request(request, { headers, body: JSON.stringify({ envelope }) });
    },

    async onResponse({ response, schemaPath }) {
      if (schemaPath === STATUS_PATH) return undefined;
      const key = await keyOf();
      if (!key) return undefined;
      let opened = response;
      let body: unknown;
      if (isJson(response.headers)) {
        const sealed = (await response.json()) as { envelope?: unknown };
        if (typeof sealed?.envelope !== 'string') throw new ErrorAnswer('The server answered without an envelope.', response, sealed);
        const text = await openEnvelope(key, sealed.envelope);
        body = JSON.parse(text);
        const headers = new Headers(response.headers);
        headers.delete('Content-Length');
        opened = new Response(text, { status: response.status, statusText: response.statusText, headers });
      }
      if (!opened.ok) throw new ErrorAnswer(errorTextOf(body, opened), opened, body);
      return opened;
    },
  };
}
