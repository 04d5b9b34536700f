import { useState } from 'react';
import { useLoaderData } from 'react-router-dom';
import { useActorRef } from '@xstate/react';
import type { ApiClient } from '../../api/client';
import type { Group } from '../../api/groupsSource';
import type { components } from '../../api/schema';
import { changeCardMachine } from '../../../machines/changeCard/machine';
import type { SessionActor } from '../../../machines/session/actorRef';
import { createPaymentProcessor } from '../../payments/paymentProcessor';
import { THANKS_PAGES } from '../../payments/purchaseRecord';
import { NoCardToChange } from './ChangeCardView';
import { ChangeCardWorkflow } from './ChangeCardWorkflow';

export interface ChangeCardLoaderData {
  /** The paid group whose subscription the card pays (./cardGroup.ts); null when none is paid. */
  group: Group | null;
  status: Pick<components['schemas']['Status'], 'sandbox' | 'payment_public_key'>;
}

export interface ChangeCardRouteProps {
  api: ApiClient;
  session: SessionActor;
}

/** /change_card — the change-card workflow, with the session and the browser behind its actions. */
export function ChangeCardRoute(props: ChangeCardRouteProps) {
  const { group, status } = useLoaderData() as ChangeCardLoaderData;
  if (!group) return <NoCardToChange />;
  return <ChangeCardPage key={group.id} {...props} group={group} status={status} />;
}

function ChangeCardPage({ api, session, group, status }: ChangeCardRouteProps & ChangeCardLoaderData & { group: Group }) {
  const [processor] = useState(() => createPaymentProcessor(api, status));
  const [machine] = useState(() =>
    changeCardMachine.provide({
      actions: {
        userReloaded: (_, { user }) => session.send({ type: 'session.userUpdated', user }),
        goToCardUpdated: () => window.location.assign(THANKS_PAGES.cardUpdate),
      },
    }),
  );
  const actor = useActorRef(machine, { input: { api, groupId: group.id, card: processor.entry } });
  return <ChangeCardWorkflow actor={actor} cardForm={processor.cardForm} />;
}
