import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { DashboardPage } from './DashboardPage';
import { activitiesChart, emptyChart, justConnectedActivitiesChart, justConnectedMembersChart, membersChart } from './fixtures';

const meta = {
  title: 'Dashboard/DashboardPage',
  component: DashboardPage,
  args: {
    ranges: { members: { from: '2026-01-05', to: '2026-03-29' }, activities: { from: '2026-03-01', to: '2026-03-30' } },
    charts: { members: { kind: 'loaded', chart: membersChart }, activities: { kind: 'loaded', chart: activitiesChart } },
    onFromChange: fn(),
    onToChange: fn(),
    onRangeReset: fn(),
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
    await expect(page.getAllByLabelText('From')[0]).toHaveValue('Jan 5, 2026');
    await expect(page.getAllByLabelText('To')[0]).toHaveValue('Mar 29, 2026');
    await expect(page.getAllByLabelText('From')[1]).toHaveValue('Mar 1, 2026');
    await expect(page.getAllByLabelText('To')[1]).toHaveValue('Mar 30, 2026');
  },
};

export const PickingWithTheKeyboard: Story = {
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    const typeInto = async (input: HTMLElement, text: string) => {
      await userEvent.tripleClick(input);
      await userEvent.keyboard(text);
      await userEvent.keyboard('{Escape}');
    };
    await typeInto(page.getAllByLabelText('To')[1]!, 'Mar 20, 2026');
    await waitFor(() => expect(args.onToChange).toHaveBeenLastCalledWith('activities', '2026-03-20'));
    // From may not pass to: the picker does not take a date after Mar 30.
    await typeInto(page.getAllByLabelText('From')[1]!, 'Apr 2, 2026');
    await expect(args.onFromChange).not.toHaveBeenCalledWith('activities', '2026-04-02');
    await typeInto(page.getAllByLabelText('From')[1]!, 'Mar 3, 2026');
    await waitFor(() => expect(args.onFromChange).toHaveBeenLastCalledWith('activities', '2026-03-03'));
    await waitFor(() => expect(canvasElement.ownerDocument.querySelector('.p-datepicker')).toBeNull());

    // Tabbing in keeps the focus in the box; the down arrow opens the panel and Escape closes it.
    const membersTo = page.getAllByLabelText('To')[0]!;
    membersTo.focus();
    await expect(canvasElement.ownerDocument.querySelector('.p-datepicker')).toBeNull();
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(canvasElement.ownerDocument.querySelector('.p-datepicker')).not.toBeNull());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(canvasElement.ownerDocument.querySelector('.p-datepicker')).toBeNull());
  },
};

export const ClearingAPicker: Story = {
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    const activitiesTo = page.getAllByLabelText('To')[1]!;
    const opener = page.getAllByRole('button', { name: 'Choose Date' })[3]!;
    await userEvent.click(opener);
    const panel = await waitFor(() => {
      const found = canvasElement.ownerDocument.getElementById(opener.getAttribute('aria-controls')!);
      if (!found) throw new Error('the calendar panel is not open');
      return found;
    });
    await userEvent.click(within(panel).getByRole('button', { name: 'Clear' }));
    // Clearing asks for the default range; until it arrives the picker still shows the range it has.
    await expect(args.onRangeReset).toHaveBeenCalledWith('activities');
    await expect(args.onToChange).not.toHaveBeenCalled();
    await waitFor(() => expect(activitiesTo).toHaveValue('Mar 30, 2026'));
    await waitFor(() => expect(panel.isConnected).toBe(false));
  },
};

export const JustConnected: Story = {
  args: {
    charts: {
      members: { kind: 'loaded', chart: justConnectedMembersChart },
      activities: { kind: 'loaded', chart: justConnectedActivitiesChart },
    },
  },
  play: async ({ canvasElement }) => {
    // One week of members: a dot per list, as a line needs two points.
    const membersPlot = within(canvasElement).getByRole('heading', { name: 'Members' }).closest('section')!.querySelector('.chart-card__plot')!;
    await expect(membersPlot.querySelectorAll('circle')).toHaveLength(4);
    await expect(within(canvasElement).queryByText('No data for chart yet')).toBeNull();
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
