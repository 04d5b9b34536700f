import { renderApp, signedInStorage } from '../../app/support/appHarness';
import { createFakeServer, type FakeServer } from '../../app/support/fakeServer';
import { groupFixture, supervisorUser } from '../../support/sessionFixtures';

/** How a test answers a call (undefined: the fake server's usual answer). */
export type Answer = (server: FakeServer, url: URL, request: Request) => Response | Promise<Response> | undefined;

const ANSWERED = /^\/api\/v1\/(supervisor|autocomplete|members\/lookup)/;

/**
 * The whole app as Sam Supervisor at `path`; the supervisor calls, the pickers' searches and the
 * member lookup are answered by `answer`, and each is recorded in `asked`.
 */
export function openAsSupervisor(path: string, answer: Answer) {
  const server = createFakeServer([
    {
      account: { id: 'sam', name: 'Sam Supervisor', description: 'Staff.', role: 'supervisor' },
      user: supervisorUser,
      groups: [groupFixture({ id: 9, fb_group_id: '9900000000000009', name: 'Weekend Woodworkers', subscribed_plan: 'once' })],
    },
  ]);
  const asked: Array<{ method: string; url: URL; body: unknown }> = [];
  server.override((request) => {
    const url = new URL(request.url);
    if (!ANSWERED.test(url.pathname)) return undefined;
    asked.push({ method: request.method, url, body: null });
    return answer(server, url, request);
  });
  const app = renderApp({ server, path, storage: signedInStorage(server.signIn('sam')) });
  const callsTo = (method: string, pathname: string) => asked.filter((call) => call.method === method && call.url.pathname === `/api/v1${pathname}`);
  const bodiesTo = (method: string, pathname: string) =>
    server.requests.filter((request) => request.method === method && request.path === pathname).map((request) => request.body);
  return { ...app, server, asked, callsTo, bodiesTo, search: () => app.router.state.location.search };
}
