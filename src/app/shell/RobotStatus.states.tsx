import { MemoryRouter } from 'react-router-dom';
import { expect, within } from 'storybook/test';
import { defineStateView } from '../../../.storybook/machineStory';
import { groupJobStatus, robotIndicator } from '../../../machines/robot/selectors';
import { ROBOT_GROUP } from './fixtures';
import { JobStatusNotice } from './JobStatusNotice';
import { robotStories } from './robot.paths';
import { RobotStatus } from './RobotStatus';

/** The robot in each state its machine can reach, as the shell shows it: the sidebar's robot line and the group page's job notice. */
export const robotView = defineStateView({
  stories: robotStories,
  args: {},
  render: (snapshot) => (
    <MemoryRouter>
      <main style={{ display: 'grid', gap: '1rem', maxWidth: '56rem', padding: '2rem' }}>
        <JobStatusNotice job={groupJobStatus(snapshot, ROBOT_GROUP.id)} />
        <RobotStatus robot={robotIndicator(snapshot)} />
      </main>
    </MemoryRouter>
  ),
  plays: {
    Detecting: async ({ canvasElement }) => {
      const shell = within(canvasElement);
      await expect(shell.getByText('Looking for the robot…')).toBeVisible();
      await expect(shell.queryByRole('region')).toBeNull();
    },
    NotInstalled: async ({ canvasElement }) => {
      await expect(within(canvasElement).getByRole('link', { name: 'Extension is not installed' })).toHaveAttribute('href', '/onboarding');
    },
    Disconnected: async ({ canvasElement }) => {
      await expect(within(canvasElement).getByRole('link', { name: 'Extension is not installed' })).toHaveAttribute('href', '/onboarding');
    },
    OutdatedVersion190: async ({ canvasElement }) => {
      const link = within(canvasElement).getByRole('link', { name: /Robot 1\.9\.0 is outdated/ });
      await expect(link).toHaveTextContent('Update the extension');
      await expect(link).toHaveAttribute('href', '/onboarding/extension');
    },
    ReadyIdleVersion240: async ({ canvasElement }) => {
      const shell = within(canvasElement);
      await expect(shell.getByText('Robot 2.4.0')).toBeVisible();
      await expect(shell.queryByRole('status', { name: /Syncing|Removing/ })).toBeNull();
    },
    ReadyRunningVersion240Syncing0OfUnknown: async ({ canvasElement }) => {
      await expect(within(canvasElement).getByRole('status', { name: 'Syncing Members...' })).toHaveTextContent('0 members so far');
    },
    ReadyRunningVersion240Syncing500Of2000: async ({ canvasElement }) => {
      const notice = within(canvasElement).getByRole('status', { name: 'Syncing Members...' });
      await expect(notice).toHaveTextContent('500 of 2,000 members');
      await expect(within(notice).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
    },
    ReadyIdleVersion240NextRunDue: async ({ canvasElement }) => {
      const shell = within(canvasElement);
      await expect(shell.getByText('Next run: as soon as the robot is free')).toBeVisible();
      await expect(shell.getByText('Sync Engagements, Trail Runners Club')).toBeVisible();
    },
    ReadyRunningVersion240SyncingEngagements0OfUnknown: async ({ canvasElement }) => {
      const shell = within(canvasElement);
      await expect(shell.getByRole('status', { name: 'Syncing Engagements...' })).toHaveTextContent('0 posts so far');
      await expect(shell.queryByText(/Next run/)).toBeNull();
    },
    DetectingRemoving10Of30: async ({ canvasElement }) => {
      await expect(within(canvasElement).getByRole('status', { name: 'Removing Members...' })).toHaveTextContent('10 of 30 members');
    },
  },
});
