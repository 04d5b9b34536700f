import type { Middleware } from 'openapi-fetch';

/**
 * The app's side of the encrypted envelope mode (part 1 §7, docs/CONVENTIONS.md): when GET /status
 * names an `envelope_public_key` (the server's P-256 public key), the client makes a P-256 key pair
 * of its own, kept in memory for the client's life and never exported but for its public key, and
 * agrees with the server on an AES-256-GCM key (ECDH, then HKDF-SHA256 over both public keys). Every
 * other call then carries the client's public key in the `X-Envelope-Key` header, and its JSON body
 * travels both ways as `{"envelope": "<base64url of iv | ciphertext | tag>"}`, sealed with that key,
 * a random 12-byte iv per message and the direction ('request' or 'answer') as additional data.
 * Headers, statuses and non-JSON answers (the CSV export) stay in clear. In this mode a non-2xx
 * answer is thrown as an `ErrorAnswer` carrying the server's error text.
 */
export const STATUS_PATH = '/status';
export const ENVELOPE_KEY_HEADER = 'X-Envelope-Key';

export type EnvelopeDirection = 'request' | 'answer';

const IV_BYTES = 12;
const CLIENT_KEY_INFO = 'xfilter envelope client key';
const P256 = { name: 'ECDH', namedCurve: 'P-256' } as const;

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

export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/**
 * The AES-256-GCM key of one client: HKDF-SHA256 over the ECDH secret of `privateKey` (either
 * side's) and `peerPublicKey`, with an empty salt and both public keys (raw, uncompressed) in the info.
 */
export async function deriveEnvelopeKey(
  privateKey: CryptoKey,
  peerPublicKey: Uint8Array<ArrayBuffer>,
  { client, server }: { client: Uint8Array<ArrayBuffer>; server: Uint8Array<ArrayBuffer> },
): Promise<CryptoKey> {
  const peer = await crypto.subtle.importKey('raw', peerPublicKey, P256, false, []);
  const secret = await crypto.subtle.deriveBits({ name: 'ECDH', public: peer }, privateKey, 256);
  const base = await crypto.subtle.importKey('raw', secret, 'HKDF', false, ['deriveKey']);
  const label = new TextEncoder().encode(CLIENT_KEY_INFO);
  const info = new Uint8Array(label.length + client.length + server.length);
  info.set(label);
  info.set(client, label.length);
  info.set(server, label.length + client.length);
  return crypto.subtle.deriveKey({ name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info }, base, { name: 'AES-GCM', length: 256 }, false, [
    'encrypt',
    'decrypt',
  ]);
}

/** One client's side of the mode: its key, and its public key in base64url, sent on every call. */
export interface EnvelopeChannel {
  key: CryptoKey;
  publicKey: string;
}

/** Makes a key pair for this client (its private key cannot be exported) and agrees on its key with the server. */
export async function openEnvelopeChannel(serverPublicKey: string): Promise<EnvelopeChannel> {
  const pair = await crypto.subtle.generateKey(P256, false, ['deriveBits']);
  const client = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  const server = fromBase64Url(serverPublicKey);
  return { key: await deriveEnvelopeKey(pair.privateKey, server, { client, server }), publicKey: toBase64Url(client) };
}

const additionalData = (direction: EnvelopeDirection) => new TextEncoder().encode(direction);

export async function sealEnvelope(key: CryptoKey, plaintext: string, direction: EnvelopeDirection): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: additionalData(direction) }, key, new TextEncoder().encode(plaintext)),
  );
  const message = new Uint8Array(IV_BYTES + sealed.length);
  message.set(iv);
  message.set(sealed, IV_BYTES);
  return toBase64Url(message);
}

/** Rejects when the envelope was tampered with, sealed with another key or for the other direction. */
export async function openEnvelope(key: CryptoKey, envelope: string, direction: EnvelopeDirection): Promise<string> {
  const message = fromBase64Url(envelope);
  const opened = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: message.subarray(0, IV_BYTES), additionalData: additionalData(direction) },
    key,
    message.subarray(IV_BYTES),
  );
  return new TextDecoder().decode(opened);
}

/**
 * This client's envelope channel, agreed with the public key the server announces on GET /status
 * (read once, in clear), or null when the server runs without envelopes. A failed read is asked
 * again on the next call.
 */
export function envelopeChannelFromStatus(baseUrl: string, fetch: (request: Request) => Promise<Response>): () => Promise<EnvelopeChannel | null> {
  let channel: Promise<EnvelopeChannel | null> | null = null;
  const read = async () => {
    const response = await fetch(new Request(`${baseUrl.replace(/\/+$/, '')}${STATUS_PATH}`, { headers: { Accept: 'application/json' } }));
    if (!response.ok) throw new Error(`The server status could not be read (HTTP ${response.status}).`);
    const status = (await response.json()) as { envelope_public_key?: string };
    return status.envelope_public_key ? openEnvelopeChannel(status.envelope_public_key) : null;
  };
  return () => {
    channel ??= read().catch((error: unknown) => {
      channel = null;
      throw error;
    });
    return channel;
  };
}

const isJson = (headers: Headers) => (headers.get('Content-Type') ?? '').startsWith('application/json');

function errorTextOf(body: unknown, response: Response): string {
  const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
  return typeof message === 'string' && message ? message : `The server answered with HTTP ${response.status}.`;
}

/** Names the client's public key on every call, seals request bodies and opens answers; GET /status goes in clear. Register it first, so it opens answers last. */
export function envelopeMiddleware(channelOf: () => Promise<EnvelopeChannel | null>): Middleware {
  return {
    async onRequest({ request, schemaPath }) {
      if (schemaPath === STATUS_PATH) return undefined;
      const channel = await channelOf();
      if (!channel) return undefined;
      const headers = new Headers(request.headers);
      headers.set(ENVELOPE_KEY_HEADER, channel.publicKey);
      if (request.body === null) return new Request(request, { headers });
      const envelope = await sealEnvelope(channel.key, await request.text(), 'request');
      headers.set('Content-Type', 'application/json');
      return new Request(request, { headers, body: JSON.stringify({ envelope }) });
    },

    async onResponse({ response, schemaPath }) {
      if (schemaPath === STATUS_PATH) return undefined;
      const channel = await channelOf();
      if (!channel) return undefined;
      let opened = response;
      let body: unknown;
      if (isJson(response.headers)) {
        const sealed = (await response.json()) as { envelope?: unknown };
        if (typeof sealed?.envelope !== 'string') throw new ErrorAnswer('The server answered without an envelope.', response, sealed);
        const text = await openEnvelope(channel.key, sealed.envelope, 'answer');
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
