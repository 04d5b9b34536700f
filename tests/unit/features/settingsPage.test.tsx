// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createActor, fromTransition } from 'xstate';
import { createApiClient } from '../../../src/api/client';
import type { SessionActor } from '../../../src/app/sessionActor';
import { AppProviders } from '../../../src/app/providers';
import { SettingsRoute } from '../../../src/features/settings/SettingsRoute';
import { adminUser, freeGroup, lockedGroup, monthlyGroup, userFixture } from '../support/sessionFixtures';

type Group = typeof freeGroup;

/** Ada on a group's settings page, with the flag given; the server answers the account's calls and counts them. */
function openSettings(group: Group, connectsEnabled: boolean) {
  const calls: string[] = [];
  const api = createApiClient({
    baseUrl: 'http://api.test/api/v1',
    fetch: async (request: Request) => {
      calls.push(`${request.method} ${new URL(request.url).pathname}`);
      const account = { properties: { company_name: 'Vintage Film Camera Swap Ltd', onboarding: 'completed' }, tasks: [] };
      return new Response(JSON.stringify(account), { status: 200, headers: { 'Content-Type': 'application/json' } });
    },
  });
  const user = userFixture({ flags: { ...adminUser.flags, connects_is_enabled: connectsEnabled } });
  const session = createActor(fromTransition((state) => state, { user, token: 'token' })) as unknown as SessionActor;
  session.start();
  const router = createMemoryRouter([{ path: '/:fbGroupId/settings', loader: () => ({ group }), element: <SettingsRoute api={api} session={session} /> }], {
    initialEntries: [`/${group.fb_group_id}/settings`],
  });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { calls };
}

describe('the settings page', () => {
  it('says there is nothing to set yet for a user without the connects_is_enabled flag', async () => {
    const { calls } = openSettings(monthlyGroup, false);
    expect(await screen.findByText('There is nothing to set here yet.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Connections Settings' })).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("locks 'Connections Settings' on a free group with 'Upgrade to PRO to unlock Connections!', asking nothing of the server", async () => {
    const { calls } = openSettings(freeGroup, true);
    expect(await screen.findByRole('heading', { name: 'Connections Settings' })).toBeInTheDocument();
    expect(screen.getByText('Upgrade to PRO to unlock Connections!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade to PRO' })).toHaveAttribute('href', `/${freeGroup.fb_group_id}/purchase`);
    expect(calls).toEqual([]);
  });

  it('asks nothing of the server for a locked group, which its lock blocks', async () => {
    const { calls } = openSettings(lockedGroup, true);
    expect(await screen.findByRole('heading', { name: 'Connections Settings' })).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('offers Disconnect for the connected account of a paid group', async () => {
    const { calls } = openSettings(monthlyGroup, true);
    expect(await screen.findByText(/Connected to/)).toHaveTextContent('Connected to Vintage Film Camera Swap Ltd.');
    expect(screen.getByRole('button', { name: 'Disconnect' })).toBeEnabled();
    expect(screen.queryByText('Upgrade to PRO to unlock Connections!')).not.toBeInTheDocument();
    await waitFor(() => expect(calls).toEqual([`GET /api/v1/groups/${monthlyGroup.id}/account`]));
  });
});
