// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../src/api/client';
import { AppProviders } from '../../../src/app/providers';
import type { SessionActor } from '../../../src/app/sessionActor';
import { bookClubGroup, foundGroups, permissionFixture, USER_FLAGS } from '../../../src/features/onboarding/fixtures';
import { OnboardingRoute } from '../../../src/features/onboarding/OnboardingRoute';
import type { SavedRoute } from '../../../src/features/onboarding/savedRoute';
import type { Robot, RobotState } from '../../../src/robot/protocol';
import { groupFixture, newcomerUser } from '../support/sessionFixtures';

const BASE_URL = 'http://xfilter.test/api/v1';

const readyRobot: RobotState = {
  presence: 'ready',
  installed: true,
  extension_id: 'xfilter-sandbox-robot',
  extension_version: '2.5.0',
  extension_name: 'xFilter Sandbox Robot',
  robot_version: '2.5.0',
  latest_robot_version: '2.5.0',
  active_jobs: [],
  scheduled_jobs: [],
};

/** A robot that answers each command at once, reporting some progress first. */
function fakeRobot() {
  const commands: string[] = [];
  const robot = {
    getState: () => readyRobot,
    subscribe: () => () => {},
    configure: () => {},
    reload: () => {},
    run: async (command: string, _args: unknown, options?: { onProgress?: (progress: unknown) => void }) => {
      commands.push(command);
      options?.onProgress?.({ command, groupId: null, done: 1, total: 2 });
      if (command === 'fetch_user_groups') return { groups: foundGroups, scanned: [] };
      if (command === 'fetch_group_owners') return { admins: 1, permissions: permissionFixture() };
      if (command === 'fetch_group_members') return { job_id: 1, members: 150 };
      return { job_id: 2, posts: 10 };
    },
  } as unknown as Robot;
  return { robot, commands };
}

/** The server's onboarding calls: the group is free until acquired, then it is the user's. */
function fakeServer() {
  let acquired = false;
  const calls: string[] = [];
  const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
  const fetch = async (request: Request) => {
    const url = new URL(request.url);
    const call = `${request.method} ${url.pathname.replace('/api/v1', '')}`;
    calls.push(call);
    if (call === 'GET /groups/owners') return json({ permissions: permissionFixture({ is_acquired: acquired, role: 'admin' }) });
    if (call === 'POST /groups/acquire') {
      acquired = true;
      return json({ group: groupFixture({ id: bookClubGroup.id, fb_group_id: bookClubGroup.fb_group_id }) });
    }
    if (call === 'POST /flags') return json({ flags: USER_FLAGS });
    if (call === 'GET /groups') return json({ groups: acquired ? [groupFixture({ id: bookClubGroup.id, fb_group_id: bookClubGroup.fb_group_id })] : [] });
    return new Response(null, { status: 404 });
  };
  return { api: createApiClient({ baseUrl: BASE_URL, fetch }), calls };
}

function renderWizard(path: string) {
  const server = fakeServer();
  const { robot, commands } = fakeRobot();
  const session = { getSnapshot: () => ({ context: { user: newcomerUser } }), send: vi.fn() } as unknown as SessionActor;
  const savedRoute: SavedRoute = { read: () => '/support', forget: vi.fn() };
  const wizard = <OnboardingRoute api={server.api} robot={robot} session={session} savedRoute={savedRoute} />;
  const router = createMemoryRouter(
    [
      { path: '/onboarding', element: wizard, children: [{ index: true, element: null }, { path: ':step', element: null }] },
      { path: '/:fbGroupId/members', element: <h1>Members page</h1> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  const pathname = () => router.state.location.pathname;
  return { router, pathname, server, commands, session, savedRoute };
}

const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));

describe('the onboarding route', () => {
  it('lands on the last available step, replacing the address it was opened at, and moves on once the groups are found', async () => {
    const app = renderWizard('/onboarding/complete');
    await screen.findByRole('radio', { name: bookClubGroup.name });
    expect(app.pathname()).toBe('/onboarding/choose');
    await act(() => app.router.navigate(-1));
    await waitFor(() => expect(app.pathname()).toBe('/onboarding/groups'));
    expect(screen.getByRole('list', { name: 'Groups found' })).toBeInTheDocument();
  });

  it('opens an available step by address and puts an unavailable one back', async () => {
    const app = renderWizard('/onboarding');
    await screen.findByRole('radio', { name: bookClubGroup.name });
    await act(() => app.router.navigate('/onboarding/extension'));
    expect(await screen.findByText('The xFilter extension is installed in this browser.')).toBeInTheDocument();
    await act(() => app.router.navigate('/onboarding/members'));
    await waitFor(() => expect(app.pathname()).toBe('/onboarding/extension'));
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Install Extension');
  });

  it('walks every step with the robot and the server, then opens the group’s members', async () => {
    const app = renderWizard('/onboarding');
    fireEvent.click(await screen.findByRole('radio', { name: bookClubGroup.name }));
    next();
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, this is my group' }));
    await screen.findByText(`${bookClubGroup.name} is connected to your account.`);
    next();
    await screen.findByText(`150 members of ${bookClubGroup.name} scanned.`);
    next();
    await screen.findByText(`10 posts of ${bookClubGroup.name} scanned with their engagement.`);
    next();
    fireEvent.click(await screen.findByRole('button', { name: 'Go to members' }));

    await screen.findByRole('heading', { name: 'Members page' });
    expect(app.pathname()).toBe(`/${bookClubGroup.fb_group_id}/members`);
    expect(app.commands).toEqual(['fetch_user_groups', 'fetch_group_owners', 'fetch_group_members', 'fetch_group_posts']);
    // The progress is kept as each of the five steps before the last completes, then the completion is saved.
    expect(app.server.calls.filter((call) => call !== 'POST /flags')).toEqual(['GET /groups/owners', 'GET /groups/owners', 'POST /groups/acquire', 'GET /groups']);
    expect(app.server.calls.filter((call) => call === 'POST /flags')).toHaveLength(6);
    expect(app.server.calls.slice(-2)).toEqual(['POST /flags', 'GET /groups']);
    expect(app.session.send).toHaveBeenCalledWith({ type: 'session.userUpdated', user: { ...newcomerUser, flags: USER_FLAGS } });
    expect(app.savedRoute.forget).toHaveBeenCalledOnce();
  });
});
