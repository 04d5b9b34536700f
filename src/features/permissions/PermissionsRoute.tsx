import { useEffect, useRef } from 'react';
import { useLoaderData } from 'react-router-dom';
import { useActorRef, useSelector } from '@xstate/react';
import type { ApiClient } from '../../api/client';
import type { Group } from '../../api/groupsSource';
import { pathTo } from '../../app/routes';
import type { SessionActor } from '../../../machines/session/actorRef';
import { currentUser } from '../../../machines/session/selectors';
import { permissionsMachine } from '../../../machines/permissions/machine';
import { paidFeatureRefusal } from '../../../rules/plans';
import { useListQuery } from '../../ui/useListQuery';
import { PERMISSIONS_QUERY_DEFAULTS, readPermissionsQuery } from './permissionsQuery';
import { PermissionsWorkflow } from './PermissionsWorkflow';

export interface PermissionsLoaderData {
  group: Group;
}

export interface PermissionsRouteProps {
  api: ApiClient;
  session: SessionActor;
}

/** /:fbGroupId/permissions — one permissions workflow per group; its filters live in the address. */
export function PermissionsRoute(props: PermissionsRouteProps) {
  const { group } = useLoaderData() as PermissionsLoaderData;
  return <PermissionsPage key={group.id} {...props} group={group} />;
}

function PermissionsPage({ api, session, group }: PermissionsRouteProps & PermissionsLoaderData) {
  const user = useSelector(session, currentUser);
  const list = useListQuery({ defaults: PERMISSIONS_QUERY_DEFAULTS });
  const query = readPermissionsQuery(new URLSearchParams(list.query));
  const actor = useActorRef(permissionsMachine, {
    input: {
      api,
      groupId: group.id,
      groupName: group.name,
      closedBecause: paidFeatureRefusal(group),
      viewerFbUserId: user?.fb_user_id ?? null,
      query,
    },
  });
  // The address changed (a filter, a page, back or forward): the workflow loads that page.
  const asked = useRef(query);
  useEffect(() => {
    const before = asked.current;
    if (before.role === query.role && before.page === query.page && before.perPage === query.perPage) return;
    asked.current = query;
    actor.send({ type: 'permissions.query.changed', query });
  }, [actor, query]);
  return (
    <PermissionsWorkflow
      actor={actor}
      api={api}
      groupId={group.id}
      purchasePath={pathTo('group_purchase', { fbGroupId: group.fb_group_id })}
      onRoleChange={(role) => list.setFilter('role', role)}
      onPageChange={list.changePage}
    />
  );
}
