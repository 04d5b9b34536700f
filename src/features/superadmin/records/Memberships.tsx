import { pathTo } from '../../../app/routes';
import { LightTable, type LightColumn } from '../../../ui/LightTable';
import { PlanBadges } from '../../../ui/PlanBadges';
import type { components } from '../../../api/schema';
import { MaybeDate, RecordName } from './RecordsUi';

type MembershipDetail = components['schemas']['MembershipDetail'];

const listOf = (membership: MembershipDetail) => (membership.is_removed ? 'Removed' : membership.is_whitelisted ? 'Whitelisted' : 'In the group');

/** A member's groups, each with the member's role, list and activity there, linked to the group's profile. */
export function Memberships({ memberships, zone }: { memberships: readonly MembershipDetail[]; zone?: string }) {
  const columns: Array<LightColumn<MembershipDetail>> = [
    {
      key: 'group',
      header: 'Group',
      body: ({ group }) => (
        <RecordName name={group.name} avatarUrl={group.avatar_url} shape="square" to={pathTo('superadmin_group', { id: String(group.id) })} detail={group.fb_group_id} />
      ),
    },
    { key: 'plan', header: 'Plan', body: ({ group }) => <PlanBadges group={{ subscribed_plan: group.subscribed_plan, is_locked: false, is_orphaned: false }} /> },
    { key: 'role', header: 'Role', body: (membership) => (membership.role === 'admin' ? 'Admin' : 'Subscriber') },
    { key: 'list', header: 'List', body: listOf },
    { key: 'posts', header: 'Posts', body: (membership) => membership.posts_count.toLocaleString('en-US') },
    { key: 'reactions', header: 'Reactions', body: (membership) => membership.reactions_count.toLocaleString('en-US') },
    { key: 'comments', header: 'Comments', body: (membership) => membership.comments_count.toLocaleString('en-US') },
    { key: 'activity', header: 'Last activity', body: (membership) => <MaybeDate iso={membership.last_activity_at} zone={zone} /> },
  ];
  return (
    <LightTable rows={memberships} rowKey={(membership) => membership.group.id} columns={columns} loading={false} emptyMessage="In no group." ariaLabel="Groups" />
  );
}
