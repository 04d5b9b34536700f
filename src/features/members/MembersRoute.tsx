import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useLoaderData, useNavigate, useParams } from 'react-router-dom';
import type { MemberListGroup } from '../../../machines/memberList/actors';
import { isPaidPlan } from '../../../rules/plans';
import { heldDeparturesMachine } from '../../../machines/heldDepartures/machine';
import { decisionToastOf, departuresNoticeOf } from '../../../machines/heldDepartures/selectors';
import { memberListMachine } from '../../../machines/memberList/machine';
import { membersPageView } from '../../../machines/memberList/selectors';
import type { ApiClient } from '../../api/client';
import type { Group } from '../../api/groupsSource';
import type { RobotActor } from '../../../machines/robot/actorRef';
import { pathTo } from '../../app/routes';
import { useListQuery } from '../../ui/useListQuery';
import { useToast } from '../../ui/toast';
import { followRobot, removalRobotOf, robotUnavailabilityOf } from './followRobot';
import { HeldDeparturesNotice } from './HeldDeparturesNotice';
import { listAddress, listFromPath, MEMBERS_QUERY_DEFAULTS, membersQueryOf } from './membersQuery';
import { MembersView } from './MembersView';

export interface MembersLoaderData {
  group: Group;
  /** The group's payment-account onboarding is completed: the paid and subscription columns show. */
  showPayments: boolean;
}

export interface MembersRouteProps {
  api: ApiClient;
  robotActor: RobotActor;
}

/** /:fbGroupId/members/:list? — the route's group's members, one statechart per group. */
export function MembersRoute(props: MembersRouteProps) {
  const { group, showPayments } = useLoaderData() as MembersLoaderData;
  return <MembersPage key={group.id} {...props} group={group} showPayments={showPayments} />;
}

const memberListGroupOf = (group: Group): MemberListGroup => ({
  id: group.id,
  name: group.name,
  fb_group_id: group.fb_group_id,
  fb_slug: group.fb_slug,
  isPaid: isPaidPlan(group.subscribed_plan),
});

function MembersPage({ api, robotActor, group, showPayments }: MembersRouteProps & MembersLoaderData) {
  const navigate = useNavigate();
  const showToast = useToast();
  const list = listFromPath(useParams().list);
  const filters = useListQuery({ defaults: MEMBERS_QUERY_DEFAULTS, textFilter: 'search' });
  const query = useMemo(() => membersQueryOf(list, filters.query), [list, filters.query]);
  const queryKey = JSON.stringify(query);
  const queryRef = useRef(query);
  queryRef.current = query;

  const memberList = useActorRef(memberListMachine, {
    input: {
      api,
      robot: removalRobotOf(robotActor),
      group: memberListGroupOf(group),
      query,
      robotUnavailable: robotUnavailabilityOf(robotActor.getSnapshot()),
    },
  });
  const snapshot = useSelector(memberList, (current) => current);

  useEffect(() => {
    if (JSON.stringify(memberList.getSnapshot().context.query) !== queryKey) {
      memberList.send({ type: 'members.query.changed', query: queryRef.current });
    }
  }, [queryKey, memberList]);

  useEffect(() => followRobot(robotActor, memberList, group.id), [robotActor, memberList, group.id]);

  const departures = useActorRef(heldDeparturesMachine, { input: { api, groupId: group.id } });
  const departuresNotice = useSelector(departures, departuresNoticeOf);
  useEffect(() => {
    const subscription = departures.on('departures.decided', (decided) => {
      showToast({ ...decisionToastOf(decided), variant: 'success' });
      if (decided.decision === 'confirm') memberList.send({ type: 'members.reload' });
    });
    return () => subscription.unsubscribe();
  }, [departures, memberList, showToast]);
  // A members scan that ends may have held departures, or replaced the ones held.
  const runningJob = snapshot.context.runningJob;
  const previousJob = useRef(runningJob);
  useEffect(() => {
    if (previousJob.current === 'fetch_group_members' && runningJob === null) departures.send({ type: 'departures.recheck' });
    previousJob.current = runningJob;
  }, [runningJob, departures]);

  useEffect(() => {
    const subscription = memberList.on('members.export.failed', ({ message }) => showToast({ title: 'Export failed', message, variant: 'danger' }));
    return () => subscription.unsubscribe();
  }, [memberList, showToast]);

  const view = useMemo(
    () => membersPageView(snapshot, { job: snapshot.context.runningJob, unavailable: snapshot.context.robotUnavailable }),
    [snapshot],
  );

  const purchase = pathTo('group_purchase', { fbGroupId: group.fb_group_id });
  return (
    <MembersView
      view={view}
      send={memberList.send}
      typedText={filters.typedText}
      onSearchTyped={filters.typeText}
      onListChosen={(next) => void navigate(listAddress(group.fb_group_id, next, filters.query))}
      onSortChanged={(sortBy, direction) => {
        filters.setFilter('sort_by', sortBy);
        filters.setFilter('sort_direction', direction);
      }}
      onPageChanged={filters.changePage}
      showPayments={showPayments}
      upgradeHref={purchase}
      onUpgrade={() => void navigate(purchase)}
      notice={
        departuresNotice && (
          <HeldDeparturesNotice
            notice={departuresNotice}
            onConfirm={() => departures.send({ type: 'departures.confirm' })}
            onKeep={() => departures.send({ type: 'departures.keep' })}
          />
        )
      }
    />
  );
}
