import type { ReactNode } from 'react';
import { EntityAvatar } from '../../ui/EntityAvatar';
import { PlanBadges } from '../../ui/PlanBadges';
import type { Group } from './types';

export interface GroupIdentityProps {
  group: Group;
  /** A line under the badges, such as the free removals left. */
  detail?: ReactNode;
}

/** A group's avatar, name and plan badges, as the chooser shows it; a name cut short shows whole on hover. */
export function GroupIdentity({ group, detail }: GroupIdentityProps) {
  return (
    <span className="group-identity">
      <EntityAvatar name={group.name} imageUrl={group.avatar_url} shape="square" />
      <span className="group-identity__text">
        <span className="group-identity__name" title={group.name}>
          {group.name}
        </span>
        <PlanBadges group={group} />
        {detail}
      </span>
    </span>
  );
}
