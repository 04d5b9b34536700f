// @vitest-environment jsdom
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AppShell } from '../../../src/app/shell/AppShell';
import { adminUser, allGroups, defaultFeatures, freeGroup, installedRobot } from '../../../src/app/shell/fixtures';

const longEmail = 'ada.admin.with.a.very.long.mailbox.name@backyard-beekeepers-circle.example.com';

function renderShell() {
  render(
    <MemoryRouter initialEntries={[`/${freeGroup.fb_group_id}/dashboard`]}>
      <AppShell
        user={{ ...adminUser, email: longEmail }}
        groups={allGroups}
        currentGroup={freeGroup}
        pageGroup={freeGroup}
        robot={installedRobot}
        features={defaultFeatures}
        switched={false}
        loading={false}
        issueCompanionToken={async () => 'companion-token'}
        onReloadApp={() => {}}
        onBackToAdmin={() => {}}
      >
        <h1>Dashboard</h1>
      </AppShell>
    </MemoryRouter>,
  );
}

describe('names the sidebar may cut short', () => {
  it('carry the whole name as a tooltip: the current group, every group in the chooser, the user and their email', () => {
    renderShell();
    const toggle = screen.getByRole('button', { name: /Current group:/ });
    expect(within(toggle).getByText(freeGroup.name)).toHaveAttribute('title', freeGroup.name);
    fireEvent.click(toggle);
    const list = within(screen.getByRole('list', { name: 'Your groups' }));
    for (const group of allGroups) expect(list.getByText(group.name)).toHaveAttribute('title', group.name);
    expect(screen.getByText(longEmail)).toHaveAttribute('title', longEmail);
    expect(screen.getAllByText(adminUser.name).some((name) => name.getAttribute('title') === adminUser.name)).toBe(true);
  });
});
