import type { ApiClient } from '../api/client';

/** The user, group and account calls whose 401 means the session is over (part 1 §4 Session). */
const KEY_SESSION_CALLS: Array<{ method: string; path: RegExp }> = [
  { method: 'GET', path: /^\/session$/ },
  { method: '*', path: /^\/flags$/ },
  { method: '*', path: /^\/settings$/ },
  { method: '*', path: /^\/users\// },
  { method: 'GET', path: /^\/groups$/ },
  { method: '*', path: /^\/groups\/[0-9]+(\/(flags|settings|subscription(\/source)?))?$/ },
  { method: '*', path: /^\/tapfiliate(\/.*)?$/ },
];

/** `path` is relative to the API base, e.g. `/groups/12`. */
export function isKeySessionCall(method: string, path: string): boolean {
  return KEY_SESSION_CALLS.some((call) => (call.method === '*' || call.method === method) && call.path.test(path));
}

/** Calls `onUnauthorized` when a key call answers 401. */
export function watchUnauthorizedKeyCalls(api: ApiClient, baseUrl: string, onUnauthorized: () => void): void {
  api.use({
    onResponse({ request, response }) {
      if (response.status !== 401) return;
      const path = new URL(request.url).pathname.slice(new URL(baseUrl, request.url).pathname.length);
      if (isKeySessionCall(request.method, path)) onUnauthorized();
    },
  });
}
