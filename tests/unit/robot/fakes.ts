import { createApiClient } from '../../../src/api/client';
import type { RobotIdentity } from '../../../src/robot/protocol';
import { adminUser, freeGroup, statusFixture } from '../support/sessionFixtures';

export const API_BASE = 'http://xfilter.test/api/v1';

export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  authorization: string | null;
}

export type FakeRoute = (call: RecordedCall) => { status?: number; body: unknown } | undefined;

function json(status: number, body: unknown): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** An API client over routes the test answers; every call is recorded. */
export function fakeApi(...routes: FakeRoute[]) {
  const calls: RecordedCall[] = [];
  const fetch = async (request: Request) => {
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.text();
    const call: RecordedCall = {
      method: request.method,
      path: url.pathname.replace('/api/v1', ''),
      query: url.searchParams,
      body: text ? JSON.parse(text) : undefined,
      authorization: request.headers.get('Authorization'),
    };
    calls.push(call);
    for (const route of routes) {
      const answer = route(call);
      if (answer) return json(answer.status ?? 200, answer.body);
    }
    return json(501, { error: { code: 'not_implemented', message: `${call.method} ${call.path} is not faked` } });
  };
  return { api: createApiClient({ baseUrl: API_BASE, fetch }), calls, called: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path) };
}

export function route(method: string, path: string | RegExp, answer: (call: RecordedCall) => { status?: number; body: unknown }): FakeRoute {
  return (call) => (call.method === method && (typeof path === 'string' ? call.path === path : path.test(call.path)) ? answer(call) : undefined);
}

/** GET /status as the sandbox answers it, with the lab's extension switch. */
export function statusRoute(state: { connected: boolean; minimumMajor?: number }): FakeRoute {
  return route('GET', '/status', ({ query }) => {
    const asked = query.get('robot_version');
    return {
      body: statusFixture({
        robot_outdated: asked === null ? null : Number(asked.split('.')[0]) < (state.minimumMajor ?? 2),
        sandbox_toggles: { extension_connected: state.connected, payment_provider_blocked: false },
      }),
    };
  });
}

export const identity: RobotIdentity = { user: adminUser, groups: [freeGroup], apiToken: 'token-ada' };
