import { renderApp, signedInStorage } from '../../app/support/appHarness';
import { createFakeServer, type FakeServer } from '../../app/support/fakeServer';
import { adminUser, groupFixture, supervisorUser } from '../../support/sessionFixtures';

/** How a test answers a supervisor call (undefined: the fake server's usual answer). */
export type SupervisorAnswer = (server: FakeServer, url: URL, request: Request) => Response | Promise<Response> | undefined;

/**
 * The app as Sam Supervisor at `path`, with the supervisor calls (/supervisor/...) answered by
 * `answer`; each call's URL is recorded in `asked`.
 */
export function openAsSupervisor(path: string, answer: SupervisorAnswer, accountId: 'sam' | 'ada' = 'sam') {
  const server = createFakeServer([
    {
      account: { id: 'sam', name: 'Sam Supervisor', description: 'Staff.', role: 'supervisor' },
      user: supervisorUser,
      groups: [groupFixture({ id: 9, fb_group_id: '9900000000000009', name: 'Weekend Woodworkers', subscribed_plan: 'once' })],
    },
    { account: { id: 'ada', name: 'Ada Admin', description: 'Group admin.', role: 'group_admin' }, user: adminUser, groups: [groupFixture()] },
  ]);
  const asked: URL[] = [];
  server.override((request) => {
    const url = new URL(request.url);
    if (!url.pathname.startsWith('/api/v1/supervisor/')) return undefined;
    asked.push(url);
    return answer(server, url, request);
  });
  const token = server.signIn(accountId);
  const app = renderApp({ server, path, storage: signedInStorage(token) });
  const callsTo = (pathname: string) => asked.filter((url) => url.pathname === `/api/v1${pathname}`);
  return { ...app, server, asked, callsTo, search: () => app.router.state.location.search };
}
