import { MemoryRouter } from 'react-router-dom';
import { expect, fn, userEvent, within } from 'storybook/test';
import { defineStateView } from '../../../.storybook/machineStory';
import { settingsPageOf } from '../../../machines/settings/selectors';
import { EngagementSyncSettings } from './EngagementSyncSettings';
import { PURCHASE_PATH } from './fixtures';
import { ScheduleSettings } from './ScheduleSettings';
import { settingsStories } from './settings.paths';
import { SettingsView } from './SettingsView';

const block = (canvas: HTMLElement, name: string) => within(within(canvas).getByRole('region', { name }));

/** The settings page's sync and schedule blocks in each reachable state of the settings workflow. */
export const settingsView = defineStateView({
  stories: settingsStories,
  args: { onChange: fn(), onDismissUpgrade: fn(), onRetry: fn(), onScheduleChange: fn() },
  render: (snapshot, { onChange, onDismissUpgrade, onRetry, onScheduleChange }) => {
    const page = settingsPageOf(snapshot);
    return (
      <MemoryRouter>
        <SettingsView
          blocks={[
            <EngagementSyncSettings key="sync" page={page} purchasePath={PURCHASE_PATH} onChange={onChange} onDismissUpgrade={onDismissUpgrade} onRetry={onRetry} />,
            <ScheduleSettings key="schedule" page={page} purchasePath={PURCHASE_PATH} onChange={onScheduleChange} />,
          ]}
        />
      </MemoryRouter>
    );
  },
  plays: {
    Loading: async ({ canvasElement }) => {
      await expect(block(canvasElement, 'Engagements Sync Settings').getByRole('status')).toHaveTextContent('Loading the settings…');
    },
    LoadFailed: async ({ canvasElement, args }) => {
      const sync = block(canvasElement, 'Engagements Sync Settings');
      await expect(sync.getByRole('alert')).toHaveTextContent('The settings could not be loaded. The server did not answer.');
      await userEvent.click(sync.getByRole('button', { name: 'Try again' }));
      await expect(args.onRetry).toHaveBeenCalledOnce();
    },
    ReadyIdle: async ({ canvasElement, args }) => {
      const sync = block(canvasElement, 'Engagements Sync Settings');
      await expect(sync.getByRole('slider', { name: 'Posts back' })).toHaveAttribute('aria-valuenow', '10');
      const schedule = block(canvasElement, 'Schedule xFilter Tasks');
      await expect(schedule.getByRole('group', { name: 'Sync Engagements' })).toHaveTextContent('After Sync Members finishes.');
      await userEvent.click(within(schedule.getByRole('group', { name: 'Sync Members' })).getByRole('switch', { name: 'Enabled' }));
      await expect(args.onScheduleChange).toHaveBeenCalledWith('fetch_group_members', { kind: 'enabled', enabled: false });
    },
    FreeGroupReadyOfferingUpgrade: async ({ canvasElement }) => {
      const sync = block(canvasElement, 'Engagements Sync Settings');
      await expect(sync.getByRole('dialog', { name: 'Upgrade to PRO' })).toHaveTextContent('Upgrade to PRO to unlock scanning back up to 10 posts!');
      await expect(within(canvasElement).getByText('Not available on Free plan')).toBeVisible();
    },
  },
});
