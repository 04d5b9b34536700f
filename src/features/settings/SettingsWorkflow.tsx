import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { RobotActor } from '../../../machines/robot/actorRef';
import { scheduleSavedTextOf, SETTINGS_TEXTS, settingsPageOf, type SettingsActor } from '../../../machines/settings/selectors';
import { useToast } from '../../ui/toast';
import { EngagementSyncSettings } from './EngagementSyncSettings';
import { ScheduleSettings } from './ScheduleSettings';

export interface SettingsWorkflowProps {
  actor: SettingsActor;
  /** The robot: it reads the group's scheduled jobs again on `robot.schedule.changed`. */
  robotActor: Pick<RobotActor, 'send'>;
  purchasePath: string;
}

const TITLE = 'Settings';

/** A toast after every save, and the robot told of each saved schedule. */
function useSaveNotices(actor: SettingsActor, robotActor: Pick<RobotActor, 'send'>) {
  const showToast = useToast();
  useEffect(() => {
    const subscriptions = [
      actor.on('setting.saved', () => showToast({ title: TITLE, message: SETTINGS_TEXTS.settingSaved, variant: 'success' })),
      actor.on('setting.saveFailed', ({ message }) =>
        showToast({ title: TITLE, message: `${SETTINGS_TEXTS.settingNotSaved} ${message}`, variant: 'danger' }),
      ),
      actor.on('schedule.saved', ({ job }) => {
        const humanName = actor.getSnapshot().context.schedule?.[job].humanName ?? job;
        showToast({ title: TITLE, message: scheduleSavedTextOf(humanName), variant: 'success' });
        robotActor.send({ type: 'robot.schedule.changed' });
      }),
      actor.on('schedule.saveFailed', ({ message }) =>
        showToast({ title: TITLE, message: `${SETTINGS_TEXTS.scheduleNotSaved} ${message}`, variant: 'danger' }),
      ),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [actor, robotActor, showToast]);
}

/** The settings page's 'Engagements Sync Settings' and 'Schedule xFilter Tasks' blocks, driven by the settings workflow. */
export function SettingsWorkflow({ actor, robotActor, purchasePath }: SettingsWorkflowProps) {
  const page = useSelector(actor, settingsPageOf);
  useSaveNotices(actor, robotActor);
  return (
    <>
      <EngagementSyncSettings
        page={page}
        purchasePath={purchasePath}
        onChange={(change) => actor.send({ type: 'setting.change', change })}
        onDismissUpgrade={() => actor.send({ type: 'upgrade.dismissed' })}
        onRetry={() => actor.send({ type: 'settings.retry' })}
      />
      <ScheduleSettings page={page} purchasePath={purchasePath} onChange={(job, change) => actor.send({ type: 'schedule.change', job, change })} />
    </>
  );
}
