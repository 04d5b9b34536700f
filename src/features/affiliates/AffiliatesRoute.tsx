import { useEffect, useSyncExternalStore } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ApiClient } from '../../api/client';
import type { GroupsStore } from '../../api/groupsSource';
import type { SessionActor } from '../../../machines/session/actorRef';
import { currentUser } from '../../../machines/session/selectors';
import { affiliatesMachine } from '../../../machines/affiliates/machine';
import { affiliateFeaturesLocked, affiliatesPageOf } from '../../../machines/affiliates/selectors';
import { isPaidPlan } from '../../../rules/plans';
import { pathTo } from '../../app/routes';
import { useToast } from '../../ui/toast';
import { shareUrlOf } from './shareLink';
import { AffiliatesView } from './AffiliatesView';

export interface AffiliatesRouteProps {
  api: ApiClient;
  session: SessionActor;
  groups: GroupsStore;
}

type User = NonNullable<ReturnType<typeof currentUser>>;

function updateUser(session: SessionActor, change: (user: User) => User) {
  const user = currentUser(session.getSnapshot());
  if (user) session.send({ type: 'session.userUpdated', user: change(user) });
}

export function AffiliatesRoute({ api, session, groups: groupsStore }: AffiliatesRouteProps) {
  const user = useSelector(session, currentUser);
  const groups = useSyncExternalStore(groupsStore.subscribe, groupsStore.current) ?? [];
  const showToast = useToast();
  const affiliates = useActorRef(affiliatesMachine, {
    input: {
      api,
      userEmail: user?.email ?? null,
      shareCount: user?.flags.count_share_facebook_referral ?? 0,
      onFlagsSaved: (flags) => updateUser(session, (current) => ({ ...current, flags })),
    },
  });
  const page = useSelector(affiliates, affiliatesPageOf);
  useEffect(() => {
    const subscription = affiliates.on('affiliate.enabled', ({ login }) => {
      // The programme saved the login as the email of a user who had none.
      updateUser(session, (current) => ({ ...current, email: current.email ?? login }));
      showToast({ title: 'Affiliate program', message: 'You joined the affiliate program.', variant: 'success' });
    });
    return () => subscription.unsubscribe();
  }, [affiliates, session, showToast]);

  const freeGroup = groups.find((group) => !isPaidPlan(group.subscribed_plan));
  return (
    <AffiliatesView
      page={page}
      locked={affiliateFeaturesLocked(groups)}
      purchasePath={freeGroup ? pathTo('group_purchase', { fbGroupId: freeGroup.fb_group_id }) : pathTo('home')}
      onEmailChange={(email) => affiliates.send({ type: 'affiliate.email.changed', email })}
      onEnable={() => affiliates.send({ type: 'affiliate.enable' })}
      onRetry={() => affiliates.send({ type: 'affiliate.retry' })}
      onShare={(link) => {
        window.open(shareUrlOf(link), '_blank', 'noopener,noreferrer');
        affiliates.send({ type: 'affiliate.shared' });
      }}
    />
  );
}
