// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createActor, fromTransition, type EventObject } from 'xstate';
import { createApiClient } from '../../../src/api/client';
import type { SessionActor } from '../../../src/app/sessionActor';
import { AppProviders } from '../../../src/app/providers';
import { SettingsRoute } from '../../../src/features/settings/SettingsRoute';
import { FREE_LIMITS, PAID_LIMITS, SCHEDULE, SYNC_SETTINGS } from '../../../src/features/settings/fixtures';
import { adminUser, freeGroup, lockedGroup, monthlyGroup, userFixture } from '../support/sessionFixtures';

type Group = typeof freeGroup;

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

interface Call {
  call: string;
  body?: unknown;
}

/**
 * Ada on a group's settings page, with the flag given. The server answers the account, the sync
 * settings and the schedule, and counts the calls; `saveSetting` answers the POST of a setting.
 */
function openSettings(group: Group, connectsEnabled: boolean, saveSetting: (body: unknown) => Response = () => json({ settings: SYNC_SETTINGS, limits: PAID_LIMITS })) {
  const calls: Call[] = [];
  const limits = group.subscribed_plan === 'free' ? FREE_LIMITS : PAID_LIMITS;
  const api = createApiClient({
    baseUrl: 'http://api.test/api/v1',
    fetch: async (request: Request) => {
      const call = `${request.method} ${new URL(request.url).pathname}`;
      const body = request.method === 'GET' ? undefined : await request.json();
      calls.push(body === undefined ? { call } : { call, body });
      if (call.endsWith('/account')) return json({ properties: { company_name: 'Vintage Film Camera Swap Ltd', onboarding: 'completed' }, tasks: [] });
      if (call.startsWith('GET') && call.endsWith('/settings')) return json({ settings: SYNC_SETTINGS, limits });
      if (call.startsWith('POST') && call.endsWith('/settings')) return saveSetting(body);
      return json({ config: SCHEDULE });
    },
  });
  const user = userFixture({ flags: { ...adminUser.flags, connects_is_enabled: connectsEnabled } });
  const session = createActor(fromTransition((state) => state, { user, token: 'token' })) as unknown as SessionActor;
  session.start();
  const robot = createActor(fromTransition((told: EventObject[], event: EventObject) => [...told, event], []));
  robot.start();
  const router = createMemoryRouter(
    [{ path: '/:fbGroupId/settings', loader: () => ({ group }), element: <SettingsRoute api={api} session={session} robotActor={robot} /> }],
    { initialEntries: [`/${group.fb_group_id}/settings`] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  const callsOf = () => calls.map(({ call }) => call);
  return { calls, callsOf, robotTold: () => robot.getSnapshot().context.map((event) => event.type) };
}

const loads = (group: Group) => [`GET /api/v1/groups/${group.id}/settings`, `GET /api/v1/groups/${group.id}/schedule`];
const block = (name: string) => within(screen.getByRole('region', { name }));

describe('the settings page', () => {
  it("shows 'Engagements Sync Settings' and 'Schedule xFilter Tasks', without 'Connections Settings' for a user without the connects_is_enabled flag", async () => {
    const { callsOf } = openSettings(monthlyGroup, false);
    expect(await screen.findByRole('slider', { name: 'Posts back' })).toHaveAttribute('aria-valuenow', '10');
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Engagements Sync Settings', 'Schedule xFilter Tasks']);
    expect(callsOf()).toEqual(loads(monthlyGroup));
  });

  it("puts 'Connections Settings' last, after the sync settings and the schedule", async () => {
    openSettings(monthlyGroup, true);
    expect(await screen.findByText(/Connected to/)).toHaveTextContent('Connected to Vintage Film Camera Swap Ltd.');
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Engagements Sync Settings',
      'Schedule xFilter Tasks',
      'Connections Settings',
    ]);
  });

  it("locks 'Connections Settings' and 'Schedule xFilter Tasks' on a free group, asking nothing of the account", async () => {
    const { callsOf } = openSettings(freeGroup, true);
    expect(await screen.findByRole('heading', { name: 'Connections Settings' })).toBeInTheDocument();
    expect(screen.getByText('Upgrade to PRO to unlock Connections!')).toBeInTheDocument();
    expect(block('Schedule xFilter Tasks').getByText('Not available on Free plan')).toBeInTheDocument();
    expect(block('Schedule xFilter Tasks').getByRole('link', { name: 'Upgrade to PRO' })).toHaveAttribute('href', `/${freeGroup.fb_group_id}/purchase`);
    await waitFor(() => expect(callsOf()).toEqual(loads(freeGroup)));
  });

  it('asks nothing of the account for a locked group, whose schedule shows the lock', async () => {
    const { callsOf } = openSettings(lockedGroup, true);
    expect(await screen.findByRole('heading', { name: 'Connections Settings' })).toBeInTheDocument();
    expect(await block('Schedule xFilter Tasks').findByText('Account is locked')).toBeInTheDocument();
    expect(callsOf()).toEqual(loads(lockedGroup));
  });

  it('offers Disconnect for the connected account of a paid group', async () => {
    const { callsOf } = openSettings(monthlyGroup, true);
    expect(await screen.findByText(/Connected to/)).toHaveTextContent('Connected to Vintage Film Camera Swap Ltd.');
    expect(screen.getByRole('button', { name: 'Disconnect' })).toBeEnabled();
    expect(screen.queryByText('Upgrade to PRO to unlock Connections!')).not.toBeInTheDocument();
    await waitFor(() => expect(callsOf()).toContain(`GET /api/v1/groups/${monthlyGroup.id}/account`));
  });

  it('saves a slider moved by keyboard once, when the key is let go, with its one key', async () => {
    const { calls } = openSettings(monthlyGroup, false);
    const slider = await screen.findByRole('slider', { name: 'Posts back' });
    for (let press = 0; press < 3; press += 1) fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(calls.filter(({ call }) => call.startsWith('POST'))).toEqual([]);
    fireEvent.keyUp(slider, { key: 'ArrowRight' });
    expect(await screen.findByText('The engagements sync settings are saved.')).toBeInTheDocument();
    expect(calls.filter(({ call }) => call.startsWith('POST'))).toEqual([
      { call: `POST /api/v1/groups/${monthlyGroup.id}/settings`, body: { settings: { engagement_sync_posts_back: 13 } } },
    ]);
    expect(slider).toHaveAttribute('aria-valuenow', '13');
  });

  it("puts a value back to the server's limit on a 422 limit_exceeded, and offers the upgrade", async () => {
    const refuse = (body: unknown) =>
      (body as { settings: { engagement_sync_posts_back: number } }).settings.engagement_sync_posts_back > 25
        ? json({ error: { code: 'limit_exceeded', message: 'Above the limit.', details: { limits: { engagement_sync_days_back: 25, engagement_sync_posts_back: 25 } } } }, 422)
        : json({ settings: { ...SYNC_SETTINGS, engagement_sync_posts_back: 25 }, limits: { engagement_sync_days_back: 25, engagement_sync_posts_back: 25 } });
    const { calls } = openSettings(monthlyGroup, false, refuse);
    const slider = await screen.findByRole('slider', { name: 'Posts back' });
    fireEvent.keyDown(slider, { key: 'End' });
    fireEvent.keyUp(slider, { key: 'End' });
    expect(await screen.findByRole('dialog', { name: 'Upgrade to PRO' })).toHaveTextContent('Upgrade to PRO to unlock scanning back up to 25 posts!');
    expect(slider).toHaveAttribute('aria-valuenow', '25');
    expect(calls.filter(({ call }) => call.startsWith('POST')).map(({ body }) => body)).toEqual([
      { settings: { engagement_sync_posts_back: 200 } },
      { settings: { engagement_sync_posts_back: 25 } },
    ]);
  });

  it("saves a job's config at once without its humanName, toasts, and tells the robot", async () => {
    const { calls, robotTold } = openSettings(monthlyGroup, false);
    const members = within(await screen.findByRole('group', { name: 'Sync Members' }));
    await act(async () => void fireEvent.click(members.getByRole('switch', { name: 'Enabled' })));
    expect(await screen.findByText('The Sync Members schedule is saved.')).toBeInTheDocument();
    const { humanName: _name, ...config } = SCHEDULE.fetch_group_members;
    expect(calls.filter(({ call }) => call.startsWith('PUT'))).toEqual([
      { call: `PUT /api/v1/groups/${monthlyGroup.id}/schedule`, body: { config: { fetch_group_members: { ...config, enabled: false } } } },
    ]);
    expect(robotTold()).toEqual(['robot.schedule.changed']);
  });
});
