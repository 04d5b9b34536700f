import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AppShell } from './AppShell';
import {
  adminUser,
  allGroups,
  annualGroup,
  defaultFeatures,
  freeGroup,
  installedRobot,
  lockedGroup,
  monthlyGroup,
  orphanedGroup,
  supervisorUser,
} from './fixtures';
import { JobStatusNotice } from './JobStatusNotice';

function StatCard({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <div className="story-page__card">
      <span className="story-page__label">{label}</span>
      <strong className="story-page__value">{value}</strong>
      <span className="story-page__note">{note}</span>
    </div>
  );
}

/** Stand-in page content, so the shell is seen around something realistic. */
function SamplePage({ title = 'Dashboard' }: { title?: string }) {
  return (
    <div className="story-page">
      <h1>{title}</h1>
      <p className="story-page__lead">Members and activity of the last 30 days.</p>
      <div className="story-page__cards">
        <StatCard label="Active members" value="2,418" note="+124 this month" />
        <StatCard label="Inactive members" value="963" note="No activity detected" />
        <StatCard label="Whitelisted" value="57" note="Protected from removal" />
      </div>
      <div className="story-page__chart">
        <h2>Members</h2>
        <div className="story-page__bars" aria-hidden="true">
          {[42, 55, 48, 63, 70, 66, 78, 84, 80, 91, 88, 96].map((height, week) => (
            <span key={week} style={{ height: `${height}%` }} />
          ))}
        </div>
      </div>
    </div>
  );
}

const storyPageStyles = `
.story-page { max-width: 68rem; }
.story-page h1 { margin: 0 0 0.35rem; font-size: 1.6rem; }
.story-page__lead { margin: 0 0 1.5rem; color: #4b5563; }
.story-page__cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr)); gap: 1rem; margin-bottom: 1rem; }
.story-page__card, .story-page__chart { display: grid; gap: 0.3rem; padding: 1.1rem 1.25rem; border: 1px solid #e5e7eb; border-radius: 12px; background: #fff; }
.story-page__label, .story-page__note { color: #4b5563; font-size: 0.85rem; }
.story-page__value { font-size: 1.6rem; }
.story-page__chart h2 { margin: 0 0 0.75rem; font-size: 1rem; }
.story-page__bars { display: flex; align-items: flex-end; gap: 0.6rem; height: 12rem; }
.story-page__bars span { flex: 1; border-radius: 6px 6px 0 0; background: linear-gradient(#34d399, #059669); }
`;

function withRoute(Story: () => ReactNode, route: string) {
  return (
    <MemoryRouter initialEntries={[route]}>
      <style>{storyPageStyles}</style>
      <Story />
    </MemoryRouter>
  );
}

const meta = {
  title: 'App/Shell/AppShell',
  component: AppShell,
  decorators: [(Story, { parameters }) => withRoute(Story, (parameters.route as string | undefined) ?? '/')],
  parameters: { route: `/${freeGroup.fb_group_id}/dashboard` },
  args: {
    user: adminUser,
    groups: allGroups,
    currentGroup: freeGroup,
    robot: installedRobot,
    features: defaultFeatures,
    switched: false,
    loading: false,
    issueCompanionToken: async () => 'story-companion-token',
    onReloadApp: fn(),
    onBackToAdmin: fn(),
    onOpenLab: fn(),
    children: <SamplePage />,
  },
} satisfies Meta<typeof AppShell>;

export default meta;
type Story = StoryObj<typeof meta>;

export const FreeGroup: Story = {
  play: async ({ canvasElement, args }) => {
    const shell = within(canvasElement);
    await expect(shell.getByText('Robot 2.4.0')).toBeVisible();
    await expect(shell.getByRole('link', { name: 'Dashboard' })).toHaveClass('active');
    await expect(shell.queryByRole('link', { name: 'Connections' })).toBeNull();
    const upgrade = shell.getByRole('link', { name: /Upgrade to PRO/ });
    await expect(upgrade).toHaveAttribute('href', `/${freeGroup.fb_group_id}/purchase`);
    await expect(within(upgrade).getByText('37 of 50 free removals left')).toBeVisible();
    await userEvent.click(shell.getByRole('button', { name: /reload the app and the extension/ }));
    await expect(args.onReloadApp).toHaveBeenCalledOnce();
  },
};

export const MonthlyGroup: Story = {
  args: { currentGroup: monthlyGroup },
  parameters: { route: `/${monthlyGroup.fb_group_id}/members/inactive` },
  play: async ({ canvasElement }) => {
    const shell = within(canvasElement);
    await expect(shell.getByRole('link', { name: 'Members' })).toHaveClass('active');
    await expect(shell.getByRole('link', { name: 'Connections' })).toHaveAttribute('href', `/${monthlyGroup.fb_group_id}/connections`);
    await expect(shell.getByRole('link', { name: /Upgrade to annual/ })).toHaveTextContent('Save 55%');
  },
};

export const AnnualGroup: Story = {
  args: { currentGroup: annualGroup, children: <SamplePage title="Settings" /> },
  parameters: { route: `/${annualGroup.fb_group_id}/settings` },
  play: async ({ canvasElement }) => {
    const shell = within(canvasElement);
    await expect(shell.getByRole('link', { name: 'Settings' })).toHaveClass('active');
    await expect(shell.queryByRole('link', { name: /Upgrade/ })).toBeNull();
  },
};

export const LockedGroup: Story = {
  args: { currentGroup: lockedGroup, pageGroup: lockedGroup },
  parameters: { route: `/${lockedGroup.fb_group_id}/dashboard` },
  play: async ({ canvasElement }) => {
    const shell = within(canvasElement);
    await expect(shell.getByRole('heading', { name: 'Account is locked' })).toBeVisible();
    await expect(shell.getByRole('link', { name: 'Subscribe to unlock' })).toHaveAttribute(
      'href',
      `/${lockedGroup.fb_group_id}/purchase`,
    );
    await expect(shell.getByRole('heading', { name: 'Dashboard' }).closest('[inert]')).not.toBeNull();
  },
};

export const LockedGroupOnPurchasePage: Story = {
  args: { currentGroup: lockedGroup, pageGroup: lockedGroup, unlockContent: true, children: <SamplePage title="Purchase" /> },
  parameters: { route: `/${lockedGroup.fb_group_id}/purchase` },
  play: async ({ canvasElement }) => {
    const shell = within(canvasElement);
    await expect(shell.getByRole('heading', { name: 'Purchase' })).toBeVisible();
    await expect(shell.queryByText('Account is locked')).toBeNull();
  },
};

export const OrphanedGroup: Story = {
  args: { currentGroup: orphanedGroup },
  parameters: { route: `/${orphanedGroup.fb_group_id}/dashboard` },
  play: async ({ canvasElement }) => {
    const toggle = within(canvasElement).getByRole('button', { name: /Current group/ });
    await expect(within(toggle).getByText('ORPHANED')).toBeVisible();
    await expect(within(toggle).getByText('FREE')).toBeVisible();
  },
};

export const SwitchedAdmin: Story = {
  args: { switched: true },
  play: async ({ canvasElement, args }) => {
    const shell = within(canvasElement);
    await expect(await shell.findByText('Be careful, all your actions will be performed on behalf of Maria Keller!')).toBeVisible();
    await userEvent.click(shell.getByRole('button', { name: 'Back to admin account' }));
    await expect(args.onBackToAdmin).toHaveBeenCalledOnce();
  },
};

export const SyncingMembersOnTheGroupPage: Story = {
  args: {
    currentGroup: monthlyGroup,
    children: (
      <>
        <JobStatusNotice job={{ name: 'fetch_group_members', done: 12_000, total: 20_000 }} />
        <SamplePage title="Members" />
      </>
    ),
  },
  parameters: { route: `/${monthlyGroup.fb_group_id}/members/active` },
  play: async ({ canvasElement }) => {
    const shell = within(canvasElement);
    await expect(shell.getByRole('status', { name: 'Syncing Members...' })).toHaveTextContent('12,000 of 20,000 members');
  },
};

export const NoGroups: Story = {
  args: { groups: [], currentGroup: undefined, children: <SamplePage title="Welcome" /> },
  parameters: { route: '/user' },
  play: async ({ canvasElement }) => {
    const shell = within(canvasElement);
    await expect(shell.getByRole('link', { name: 'Onboarding' })).toHaveAttribute('href', '/onboarding');
    await expect(shell.queryByRole('navigation', { name: 'Group menu' })).toBeNull();
  },
};

export const SupervisorWithLab: Story = {
  args: { user: supervisorUser, features: { ...defaultFeatures, lab: true }, currentGroup: monthlyGroup },
  parameters: { route: `/${monthlyGroup.fb_group_id}/dashboard` },
  play: async ({ canvasElement, args }) => {
    const shell = within(canvasElement);
    // The supervisor's controls load for supervisors alone, a moment after the shell.
    await expect(await shell.findByRole('link', { name: 'Supervisor' })).toHaveAttribute('href', '/superadmin');
    await userEvent.click(shell.getByRole('button', { name: 'Lab' }));
    await expect(args.onOpenLab).toHaveBeenCalledOnce();
  },
};

export const ChooserOpenWithFilter: Story = {
  play: async ({ canvasElement }) => {
    const shell = within(canvasElement);
    await userEvent.click(shell.getByRole('button', { name: /Current group/ }));
    const search = shell.getByRole('searchbox', { name: 'Filter your groups' });
    await expect(search).toHaveFocus();
    await userEvent.type(search, 'BAKERS');
    const list = within(shell.getByRole('list', { name: 'Your groups' }));
    const options = list.getAllByRole('link');
    await expect(options.map((option) => option.textContent)).toEqual([
      expect.stringContaining(freeGroup.name),
      expect.stringContaining(monthlyGroup.name),
    ]);
    await expect(options[0]).toHaveAttribute('aria-current', 'true');
    await expect(options[1]).toHaveAttribute('href', `/${monthlyGroup.fb_group_id}/dashboard`);
    await expect(shell.getByRole('link', { name: 'Connect to another group' })).toHaveAttribute('href', '/onboarding');
  },
};

export const UserMenuOpen: Story = {
  play: async ({ canvasElement }) => {
    const shell = within(canvasElement);
    await userEvent.click(shell.getByRole('button', { name: /Maria Keller/ }));
    const menu = within(shell.getByRole('list', { name: 'Account' }));
    await expect(menu.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/user');
    // The link's single-use token is asked for on click (tests/unit/shell/userMenu.test.tsx follows it).
    await expect(menu.getByRole('button', { name: 'friendFilter' })).toBeEnabled();
    await expect(menu.getByRole('link', { name: 'Help & Support' })).toHaveAttribute('href', '/support');
    await expect(menu.getByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/logout');
  },
};

export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('progressbar', { name: 'Loading the page' })).toBeInTheDocument();
  },
};

export const MobileWidth: Story = {
  args: { currentGroup: monthlyGroup },
  parameters: { route: `/${monthlyGroup.fb_group_id}/dashboard` },
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  play: async ({ canvasElement }) => {
    const shell = within(canvasElement);
    await expect(shell.getByRole('button', { name: 'Open the menu' })).toBeVisible();
    await expect(shell.queryByRole('link', { name: 'Dashboard' })).toBeNull();
  },
};

export const MobileMenuOpen: Story = {
  args: { currentGroup: monthlyGroup },
  parameters: { route: `/${monthlyGroup.fb_group_id}/dashboard` },
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  play: async ({ canvasElement }) => {
    const shell = within(canvasElement);
    await userEvent.click(shell.getByRole('button', { name: 'Open the menu' }));
    await expect(shell.getByRole('button', { name: 'Close the menu' })).toHaveFocus();
    await expect(shell.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  },
};
