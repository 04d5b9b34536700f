import { useLoaderData } from 'react-router-dom';
import { useActorRef, useSelector } from '@xstate/react';
import type { RobotActor } from '../../../machines/robot/actorRef';
import type { ApiClient } from '../../api/client';
import { browserPaymentAccountMachine } from '../../ui/paymentAccount/browserMachine';
import type { Group } from '../../api/groupsSource';
import { pathTo } from '../../app/routes';
import {
  accountTitleOf,
  connectionsSettingsAccess,
  LOCKED_OFFER,
  paymentAccountPageOf,
  PROVIDER_NAME,
} from '../../../machines/paymentAccount/selectors';
import type { SessionActor } from '../../../machines/session/actorRef';
import { settingsMachine } from '../../../machines/settings/machine';
import { paidFeatureRefusal } from '../../../rules/plans';
import { currentUser } from '../../../machines/session/selectors';
import { useDisconnectedToast } from '../../ui/paymentAccount/useDisconnectedToast';
import { ConnectionsSettings } from './ConnectionsSettings';
import { SettingsView } from './SettingsView';
import { SettingsWorkflow } from './SettingsWorkflow';

export interface SettingsLoaderData {
  group: Group;
}

export interface SettingsRouteProps {
  api: ApiClient;
  session: SessionActor;
  /** The robot: told when a job's schedule is saved. */
  robotActor: Pick<RobotActor, 'send'>;
}

const noAction = () => {};

/** /:fbGroupId/settings — the blocks the user and the group have: sync settings, the schedule and, last, the connections. */
export function SettingsRoute({ api, session, robotActor }: SettingsRouteProps) {
  const { group } = useLoaderData() as SettingsLoaderData;
  const user = useSelector(session, currentUser);
  const access = user ? connectionsSettingsAccess(group, user) : 'hidden';
  const paths = {
    purchasePath: pathTo('group_purchase', { fbGroupId: group.fb_group_id }),
    connectionsPath: pathTo('group_connects_stripe', { fbGroupId: group.fb_group_id }),
  };
  const blocks = [
    <SyncAndScheduleWorkflow key={`sync-${group.id}`} api={api} group={group} robotActor={robotActor} purchasePath={paths.purchasePath} />,
    ...(access === 'hidden'
      ? []
      : [
          access === 'open' ? (
            <ConnectionsSettingsWorkflow key={`connections-${group.id}`} api={api} groupId={group.id} {...paths} />
          ) : (
            <ConnectionsSettings
              key="connections"
              locked={access === 'freePlan'}
              {...paths}
              accountName={PROVIDER_NAME}
              page={LOCKED_OFFER}
              onConnect={noAction}
              onRetry={noAction}
              onDisconnect={noAction}
              onConfirmDisconnect={noAction}
              onCancelDisconnect={noAction}
            />
          ),
        ]),
  ];
  return <SettingsView blocks={blocks} />;
}

interface SyncAndScheduleProps {
  api: ApiClient;
  group: Group;
  robotActor: Pick<RobotActor, 'send'>;
  purchasePath: string;
}

/** One settings workflow per group: the sync settings and the schedule, closed to scheduling for a free or locked group. */
function SyncAndScheduleWorkflow({ api, group, robotActor, purchasePath }: SyncAndScheduleProps) {
  const actor = useActorRef(settingsMachine, { input: { api, groupId: group.id, scheduleRefusal: paidFeatureRefusal(group) } });
  return <SettingsWorkflow actor={actor} robotActor={robotActor} purchasePath={purchasePath} />;
}

interface WorkflowProps {
  api: ApiClient;
  groupId: number;
  purchasePath: string;
  connectionsPath: string;
}

/** The block of a paid group that is not locked: the same account workflow as the connections page, without watching its match processes. */
function ConnectionsSettingsWorkflow({ api, groupId, purchasePath, connectionsPath }: WorkflowProps) {
  const actor = useActorRef(browserPaymentAccountMachine, { input: { api, groupId, watchesMatchProcesses: false } });
  const page = useSelector(actor, paymentAccountPageOf);
  const accountName = useSelector(actor, accountTitleOf);
  useDisconnectedToast(actor);
  return (
    <ConnectionsSettings
      locked={false}
      purchasePath={purchasePath}
      connectionsPath={connectionsPath}
      accountName={accountName}
      page={page}
      onConnect={() => actor.send({ type: 'account.connect' })}
      onRetry={() => actor.send({ type: 'account.retry' })}
      onDisconnect={() => actor.send({ type: 'account.disconnect' })}
      onConfirmDisconnect={() => actor.send({ type: 'account.disconnect.confirmed' })}
      onCancelDisconnect={() => actor.send({ type: 'account.disconnect.cancelled' })}
    />
  );
}
