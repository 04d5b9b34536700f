import type { ReactNode } from 'react';
import { useLoaderData, useSearchParams } from 'react-router-dom';
import { useActorRef } from '@xstate/react';
import type { ApiClient } from '../../api/client';
import { browserPaymentAccountMachine } from '../../ui/paymentAccount/browserMachine';
import type { Group } from '../../api/groupsSource';
import { ConnectionsWorkflow } from './ConnectionsWorkflow';

export interface ConnectionsLoaderData {
  group: Group;
}

export interface ConnectionsRouteProps {
  api: ApiClient;
  /** The review of the group's customers and matches, shown once the account is connected. */
  review?: (group: Group) => ReactNode;
}

/** /:fbGroupId/connections/stripe — one account workflow per group; the browser follows the provider's redirect. */
export function ConnectionsRoute(props: ConnectionsRouteProps) {
  const { group } = useLoaderData() as ConnectionsLoaderData;
  return <ConnectionsPage key={group.id} {...props} group={group} />;
}

function ConnectionsPage({ api, review, group }: ConnectionsRouteProps & ConnectionsLoaderData) {
  const [search] = useSearchParams();
  const returnedToRefresh = search.get('onboarding') === 'refresh';
  const actor = useActorRef(browserPaymentAccountMachine, { input: { api, groupId: group.id, watchesMatchProcesses: true, returnedToRefresh } });
  return <ConnectionsWorkflow actor={actor} review={review?.(group)} />;
}
