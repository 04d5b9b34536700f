// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentGroupKey } from '../../../src/app/currentGroupMemory';
import { removalLimitsFixture } from '../../../src/app/shell/fixtures';
import { adminUser, freeGroup, monthlyGroup } from '../support/sessionFixtures';
import { renderApp, signedInStorage } from './support/appHarness';
import { createFakeServer, type FakeAccount } from './support/fakeServer';

function adaAccount(): FakeAccount {
  return {
    account: { id: 'ada', name: 'Ada Admin', description: 'Group admin.', role: 'group_admin' },
    user: adminUser,
    groups: [{ ...freeGroup, removal_limits: removalLimitsFixture(5, 10) }, monthlyGroup],
  };
}

function signedInAda(path: string, extraStorage: Record<string, string> = {}) {
  const ada = adaAccount();
  const server = createFakeServer([ada]);
  const app = renderApp({ server, path, storage: signedInStorage(server.signIn('ada'), extraStorage) });
  return { ada, server, ...app };
}

const groupMenu = () => within(screen.getByRole('navigation', { name: 'Group menu' }));
const chooserToggle = () => screen.getByRole('button', { name: /Current group:/ });

describe('the group the sidebar shows', () => {
  it('points the group menu to the chosen group at once, before its page has loaded', async () => {
    const { server, pathname } = signedInAda(`/${freeGroup.fb_group_id}/dashboard`);
    await screen.findByRole('heading', { name: 'Dashboard' });
    // The chosen group's dashboard stays loading: its charts never answer.
    server.override((request) =>
      new URL(request.url).pathname.includes(`/groups/${monthlyGroup.id}/charts/`) ? new Promise<Response>(() => {}) : undefined,
    );

    fireEvent.click(chooserToggle());
    fireEvent.click(within(screen.getByRole('list', { name: 'Your groups' })).getByRole('link', { name: /Vintage Film Camera Swap/ }));

    await waitFor(() => expect(groupMenu().getByRole('link', { name: 'Actions Log' })).toHaveAttribute('href', `/${monthlyGroup.fb_group_id}/logs`));
    expect(pathname()).toBe(`/${freeGroup.fb_group_id}/dashboard`);
    expect(chooserToggle()).toHaveTextContent('Vintage Film Camera Swap');
  });

  it('keeps the last group and its menu on pages outside a group', async () => {
    signedInAda('/support', { [currentGroupKey(adminUser.id)]: monthlyGroup.fb_group_id });
    await screen.findByRole('heading', { name: 'Help & Support' });
    expect(chooserToggle()).toHaveTextContent('Vintage Film Camera Swap');
    expect(groupMenu().getByRole('link', { name: 'Members' })).toHaveAttribute('href', `/${monthlyGroup.fb_group_id}/members`);
  });

  it('shows the free removals left anew in the sidebar and the chooser after the robot reports removals', async () => {
    const { ada, server, api } = signedInAda(`/${freeGroup.fb_group_id}/dashboard`);
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(await screen.findByText('5 of 10 free removals left')).toBeInTheDocument();

    ada.groups = [{ ...freeGroup, removal_limits: removalLimitsFixture(4, 10) }, monthlyGroup];
    server.override((request) =>
      new URL(request.url).pathname.endsWith('/robot/jobs/41/removals') ? server.json({ batch_no: 0, accepted: 1, duplicate: false }) : undefined,
    );
    await act(() => api.POST('/robot/jobs/{job_id}/removals', { params: { path: { job_id: 41 } }, body: { batch_no: 0, fb_user_ids: ['1001'] } }));

    expect(await screen.findByText('4 of 10 free removals left')).toBeInTheDocument();
    fireEvent.click(chooserToggle());
    expect(within(screen.getByRole('list', { name: 'Your groups' })).getByText('4 free removals left')).toBeInTheDocument();
  });
});
