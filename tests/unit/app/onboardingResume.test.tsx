// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentGroupKey } from '../../../src/app/currentGroupMemory';
import { adminUser, freeGroup, groupFixture, newcomerUser } from '../support/sessionFixtures';
import { renderApp, signedInStorage } from './support/appHarness';
import { createFakeServer, type FakeAccount } from './support/fakeServer';

/** The group Nora acquired with 'Yes, this is my group' before she signed out: no member scanned yet. */
const acquiredGroup = groupFixture({ id: 31, fb_group_id: '3100000000000031', name: 'Riverside Book Club' });

const acquiredBeforeMembersScan = {
  groups: [
    {
      id: acquiredGroup.id,
      fb_group_id: acquiredGroup.fb_group_id,
      fb_slug: acquiredGroup.fb_slug,
      name: acquiredGroup.name,
      avatar_url: null,
      role: 'admin' as const,
      is_acquired: true,
    },
  ],
  chosen_group_id: acquiredGroup.id,
  ownership: 'acquired' as const,
  members_scan: null,
  engagements_scan: null,
};

function signedInAfterAcquiring(groups: FakeAccount['groups'], remembered: string | null = null) {
  const user = { ...newcomerUser, flags: { ...newcomerUser.flags, welcome_page_seen: true, onboarding_progress: acquiredBeforeMembersScan } };
  const server = createFakeServer([
    { account: { id: 'nora', name: 'Nora Newcomer', description: 'New user.', role: 'new_user' }, user, groups },
  ]);
  const token = server.signIn('nora');
  const storage = signedInStorage(token, remembered ? { [currentGroupKey(user.id)]: remembered } : {});
  return renderApp({ server, path: '/', storage });
}

describe('home after an onboarding interrupted before its members scan (issue: an interrupted onboarding is lost)', () => {
  it('resumes the wizard at Scan Members instead of opening the empty group', async () => {
    const app = signedInAfterAcquiring([acquiredGroup]);
    expect(await screen.findByRole('heading', { name: 'Scan Members' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/onboarding/members');
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it("opens another group, even when the unscanned one is remembered as the user's last", async () => {
    const app = signedInAfterAcquiring([acquiredGroup, freeGroup], acquiredGroup.fb_group_id);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(app.pathname()).toBe(`/${freeGroup.fb_group_id}/dashboard`);
  });

  it('opens the group once its members scan is done', async () => {
    const server = createFakeServer([
      {
        account: { id: 'ada', name: 'Ada Admin', description: 'Group admin.', role: 'group_admin' },
        user: { ...adminUser, flags: { ...adminUser.flags, onboarding_progress: { ...acquiredBeforeMembersScan, members_scan: { members: 12 } } } },
        groups: [acquiredGroup, freeGroup],
      },
    ]);
    const storage = signedInStorage(server.signIn('ada'), { [currentGroupKey(adminUser.id)]: acquiredGroup.fb_group_id });
    const app = renderApp({ server, path: '/', storage });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(app.pathname()).toBe(`/${acquiredGroup.fb_group_id}/dashboard`);
  });
});
