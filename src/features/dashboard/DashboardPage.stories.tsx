import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { DashboardPage } from './DashboardPage';
import { activitiesChart, emptyChart, membersChart } from './fixtures';

const meta = {
  title: 'Dashboard/DashboardPage',
  component: DashboardPage,
  args: {
    ranges: { members: { from: null, to: null }, activities: { from: '2026-03-01', to: '2026-03-30' } },
    charts: { members: { kind: 'loaded', chart: membersChart }, activities: { kind: 'loaded', chart: activitiesChart } },
    onRangeChange: fn(),
    chartWidth: 720,
  },
} satisfies Meta<typeof DashboardPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithData: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('heading', { name: 'Members' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Activities' })).toBeVisible();
    for (const series of ['Active', 'Inactive', 'Whitelisted', 'Removed', 'Posts', 'Reactions', 'Comments']) {
      await expect(page.getByText(series, { selector: 'li' })).toBeVisible();
    }
    await expect(page.getAllByLabelText('From')).toHaveLength(2);
    await expect(page.getAllByLabelText('To')).toHaveLength(2);
    await expect(page.getAllByLabelText('From')[1]).toHaveValue('Mar 1, 2026');
  },
};

export const Empty: Story = {
  args: { charts: { members: { kind: 'loaded', chart: emptyChart }, activities: { kind: 'loaded', chart: emptyChart } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByText('No data for chart yet')).toHaveLength(2);
  },
};

export const Loading: Story = {
  args: { charts: { members: null, activities: null } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('status')).toHaveLength(2);
  },
};

export const Failed: Story = {
  args: {
    charts: {
      members: { kind: 'failed', reason: 'The server answered with HTTP 501.' },
      activities: { kind: 'loaded', chart: activitiesChart },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/The chart could not be loaded\. The server answered with HTTP 501\./)).toBeVisible();
  },
};
