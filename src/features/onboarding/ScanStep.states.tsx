import { expect, fn, userEvent, within } from 'storybook/test';
import { defineStateView, type StateView } from '../../../.storybook/machineStory';
import type { MachineStories } from '../../../.storybook/machineStories';
import type { scanMachine } from '../../../machines/onboarding/scan';
import { scanView } from '../../../machines/onboarding/selectors';
import { engagementsScanStories, groupsScanStories, membersScanStories } from './onboarding.paths';
import { ScanStep } from './ScanStep';

type ScanArgs = { onRetry: () => void };
type ScanPlays = NonNullable<StateView<typeof scanMachine, ScanArgs>['plays']>;

/** A scan step in each reachable state of its scan machine, as the wizard shows it. */
function scanStepView(stories: MachineStories<typeof scanMachine>, plays: ScanPlays) {
  return defineStateView<typeof scanMachine, ScanArgs>({
    stories,
    args: { onRetry: fn() },
    render: (snapshot, { onRetry }) => (
      <main>
        <ScanStep job={snapshot.context.job} scan={scanView(snapshot)} onRetry={onRetry} />
      </main>
    ),
    plays,
  });
}

const retries: ScanPlays[string] = async ({ canvasElement, args }) => {
  await userEvent.click(within(canvasElement).getByRole('button', { name: 'Try again' }));
  await expect(args.onRetry).toHaveBeenCalledOnce();
};

export const groupsScanView = scanStepView(groupsScanStories, {
  Scanning: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByText('The robot is looking for the groups you belong to…')).toBeVisible();
    await expect(page.getByText('0 groups so far')).toBeVisible();
  },
  ScanningWithProgress: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByText('3 of 4 groups')).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Scanning groups' })).toHaveAttribute('aria-valuenow', '75');
  },
  Scanned: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(within(page.getByRole('list', { name: 'Groups found' })).getAllByRole('listitem')).toHaveLength(3);
    await expect(page.queryByRole('button', { name: 'Scan again' })).toBeNull();
  },
  FailedRobotNotInstalled: async (context) => {
    await expect(within(context.canvasElement).getByRole('alert')).toHaveTextContent('The xFilter extension is not installed in this browser.');
    await retries(context);
  },
  FailedRobotDisconnected: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('stopped answering (disconnected)');
  },
  FailedRobotFailed: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('The robot could not finish this scan. The groups page did not load.');
  },
});

export const membersScanView = scanStepView(membersScanStories, {
  Scanning: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('0 members so far')).toBeVisible();
  },
  ScanningWithProgress: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByText('512 of 1,284 members')).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Scanning members' })).toHaveAttribute('aria-valuenow', '40');
  },
  Scanned: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('1,284 members of Riverside Book Club scanned.')).toBeVisible();
  },
  FailedRobotOutdated: async (context) => {
    await expect(within(context.canvasElement).getByRole('alert')).toHaveTextContent('The xFilter extension is out of date.');
    await retries(context);
  },
});

export const engagementsScanView = scanStepView(engagementsScanStories, {
  ScanningWithProgress: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByText('4 of 10 posts')).toBeVisible();
    await expect(page.getByText('Looks back by').nextElementSibling).toHaveTextContent('Posts');
    await expect(page.getByText('Posts back').nextElementSibling).toHaveTextContent('10');
    await expect(page.getByText('Reactions per post').nextElementSibling).toHaveTextContent('100');
    await expect(page.getByText('Comments per post').nextElementSibling).toHaveTextContent('50');
  },
  Scanned: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('10 posts of Riverside Book Club scanned with their engagement.')).toBeVisible();
  },
  FailedRobotAborted: async (context) => {
    await expect(within(context.canvasElement).getByRole('alert')).toHaveTextContent('The scan was stopped before it finished.');
    await retries(context);
  },
  FailedUnexpectedly: retries,
});
