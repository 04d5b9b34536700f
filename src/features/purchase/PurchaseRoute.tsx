import { useState } from 'react';
import { useLoaderData, useSearchParams } from 'react-router-dom';
import { useActorRef, useSelector } from '@xstate/react';
import type { ApiClient } from '../../api/client';
import type { Group } from '../../api/groupsSource';
import type { components } from '../../api/schema';
import { pathTo } from '../../app/routes';
import { purchaseMachine } from '../../../machines/purchase/machine';
import type { SessionActor } from '../../../machines/session/actorRef';
import { currentUser } from '../../../machines/session/selectors';
import { PLAN_CHARGE_CENTS, type PaidPlan } from '../../../rules/prices';
import { createPaymentProcessor } from '../../payments/paymentProcessor';
import { storePurchaseRecord, THANKS_PAGES } from '../../payments/purchaseRecord';
import { PurchaseWorkflow } from './PurchaseWorkflow';

export interface PurchaseLoaderData {
  group: Group;
  status: Pick<components['schemas']['Status'], 'sandbox' | 'payment_public_key'>;
}

export interface PurchaseRouteProps {
  api: ApiClient;
  session: SessionActor;
}

/** A plan named by a link (`?plan=once` for the early-bird lifetime licence); annual otherwise. */
function linkedPlan(search: URLSearchParams): PaidPlan | undefined {
  const plan = search.get('plan');
  return plan !== null && Object.hasOwn(PLAN_CHARGE_CENTS, plan) ? (plan as PaidPlan) : undefined;
}

/** /:fbGroupId/purchase — one purchase workflow per group, with the session, the storage and the browser behind its actions. */
export function PurchaseRoute(props: PurchaseRouteProps) {
  const { group, status } = useLoaderData() as PurchaseLoaderData;
  return <PurchasePage key={group.id} {...props} group={group} status={status} />;
}

function PurchasePage({ api, session, group, status }: PurchaseRouteProps & PurchaseLoaderData) {
  const [search] = useSearchParams();
  const [processor] = useState(() => createPaymentProcessor(api, status));
  const [machine] = useState(() =>
    purchaseMachine.provide({
      actions: {
        userReloaded: (_, { user }) => session.send({ type: 'session.userUpdated', user }),
        recordPurchase: (_, { record }) => storePurchaseRecord(window.localStorage, record),
        goToThanks: () => window.location.assign(THANKS_PAGES.purchase),
      },
    }),
  );
  const user = useSelector(session, currentUser);
  const actor = useActorRef(machine, {
    input: {
      api,
      group,
      user: user!,
      card: processor.entry,
      initialPlan: linkedPlan(search),
      returnUrl: pathTo('group_dashboard', { fbGroupId: group.fb_group_id }),
    },
  });
  return <PurchaseWorkflow actor={actor} cardForm={processor.cardForm} />;
}
