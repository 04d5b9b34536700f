import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { envelopeChannelFromStatus, envelopeMiddleware } from './envelope';
import type { paths } from './schema';

/** What the server says on every response about versions and the session. */
export interface ServerHeaders {
  appVersion: string | null;
  robotVersion: string | null;
  forceLogout: boolean;
}

export interface ApiClientOptions {
  baseUrl?: string;
  /** The bearer token of the signed-in user, or null when nobody is signed in. */
  getToken?: () => string | null;
  onServerHeaders?: (headers: ServerHeaders) => void;
  /** Replaces the global fetch (tests). */
  fetch?: (request: Request) => Promise<Response>;
  /**
   * Speaks the encrypted envelope mode when GET /status announces it (src/api/envelope.ts); a
   * non-2xx answer then throws its error text. Without it bodies always travel in clear.
   */
  envelope?: boolean;
}

export type ApiClient = Client<paths>;

function readServerHeaders(headers: Headers): ServerHeaders {
  return {
    appVersion: headers.get('X-App-Version'),
    robotVersion: headers.get('X-Robot-Version'),
    forceLogout: headers.get('X-Force-Logout') === '1',
  };
}

function bearerToken(getToken: () => string | null): Middleware {
  return {
    onRequest({ request }) {
      const token = getToken();
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      return request;
    },
  };
}

function serverHeadersReporter(report: (headers: ServerHeaders) => void): Middleware {
  return {
    onResponse({ response }) {
      report(readServerHeaders(response.headers));
    },
  };
}

export function createApiClient({ baseUrl = '/api/v1', getToken, onServerHeaders, fetch, envelope }: ApiClientOptions = {}): ApiClient {
  const client = createClient<paths>({
    baseUrl,
    fetch,
    querySerializer: { array: { style: 'pipeDelimited', explode: false } },
  });
  // First in, so it opens answers after every other middleware has seen their status and headers.
  if (envelope) client.use(envelopeMiddleware(envelopeChannelFromStatus(baseUrl, fetch ?? ((request) => globalThis.fetch(request)))));
  if (getToken) client.use(bearerToken(getToken));
  if (onServerHeaders) client.use(serverHeadersReporter(onServerHeaders));
  return client;
}
