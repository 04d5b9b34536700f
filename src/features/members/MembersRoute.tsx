import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect } from 'react';
import { useLoaderData, useNavigate, useParams } from 'react-router-dom';
import type { MemberListGroup } from '../../../machines/memberList/actors';
import { isPaidPlan } from '../../../rules/plans';
import { heldDeparturesMachine } from '../../../machines/heldDepartures/machine';
import { decisionToastOf, departuresNoticeOf } from '../../../machines/heldDepartures/selectors';
import { memberListMachine } from '../../../machines/memberList/machine';
import { MEMBERS_QUERY_DEFAULTS, membersQueryOf } from '../../../machines/memberList/query';
import {
  membersPageViewOf,
  membersRobotStatusOf,
  sameMembersPageView,
  sameMembersRobotStatus,
  type MemberListSnapshot,
} from '../../../machines/memberList/selectors';
import type { ApiClient } from '../../api/client';
import type { Group } from '../../api/groupsSource';
import type { RobotActor } from '../../../machines/robot/actorRef';
import { pathTo } from '../../app/routes';
import { useListQuery } from '../../ui/useListQuery';
import { useToast } from '../../ui/toast';
import { HeldDeparturesNotice } from './HeldDeparturesNotice';
import { listAddress, listFromPath } from './membersQuery';
import { savedViewAddress, savedViewOf } from './savedViews';
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

  const memberList = useActorRef(memberListMachine, {
    input: { api, robotRef: robotActor, listQueryRef: filters.actor, group: memberListGroupOf(group), query: membersQueryOf(list, filters.query) },
  });
  // The page renders when what it shows changes, not on every event of the statechart or of the robot.
  const robot = useSelector(robotActor, (current) => membersRobotStatusOf(current, group.id), sameMembersRobotStatus);
  const viewOf = useCallback((snapshot: MemberListSnapshot) => membersPageViewOf(snapshot, robot), [robot]);
  const view = useSelector(memberList, viewOf, sameMembersPageView);

  // The tab is the path's: back, forward and the tab links all change it.
  useEffect(() => memberList.send({ type: 'members.list.changed', list }), [list, memberList]);

  const departures = useActorRef(heldDeparturesMachine, { input: { api, groupId: group.id, robotRef: robotActor, memberListRef: memberList } });
  const departuresNotice = useSelector(departures, departuresNoticeOf);
  useEffect(() => {
    const subscription = departures.on('departures.decided', (decided) => showToast({ ...decisionToastOf(decided), variant: 'success' }));
    return () => subscription.unsubscribe();
  }, [departures, showToast]);

  useEffect(() => {
    const subscription = memberList.on('members.export.failed', ({ message }) => showToast({ title: 'Export failed', message, variant: 'danger' }));
    return () => subscription.unsubscribe();
  }, [memberList, showToast]);

  const purchase = pathTo('group_purchase', { fbGroupId: group.fb_group_id });
  return (
    <MembersView
      view={view}
      send={memberList.send}
      typedText={filters.typedText}
      onSearchTyped={filters.typeText}
      onListChosen={(next) => void navigate(listAddress(group.fb_group_id, next, filters.query))}
      listHref={(next) => {
        const address = listAddress(group.fb_group_id, next, filters.query);
        return `${address.pathname}${address.search}`;
      }}
      onSortChanged={(sortBy, direction) => {
        filters.setFilter('sort_by', sortBy);
        filters.setFilter('sort_direction', direction);
      }}
      onPageChanged={filters.changePage}
      showPayments={showPayments}
      savedView={{
        chosen: savedViewOf(list, filters.query),
        onChosen: (id) => void navigate(savedViewAddress(group.fb_group_id, id, list, filters.query)),
      }}
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
