import { Suspense } from 'react';
import { Tag } from 'primereact/tag';
import { Await, Link, useLoaderData } from 'react-router-dom';
import { pathTo } from '../../../app/routes';
import { EntityAvatar } from '../../../ui/EntityAvatar';
import { formatUsd } from '../../../../rules/prices';
import { Memberships } from './Memberships';
import type { Loaded, MemberProfile, UserProfile } from './recordsApi';
import type { MemberProfileData } from './recordsLoaders';
import { Facts, LoadFailed, Loading, MaybeDate, Panel, RecordName, RecordsPage, yesNo } from './RecordsUi';

/** The user the member is, once loaded: their account's state. */
function LinkedUser({ linked, zone }: { linked: Loaded<UserProfile>; zone?: string }) {
  if (linked.kind === 'failed') return <LoadFailed what="The linked user" result={linked} />;
  const { user } = linked.data;
  return (
    <Facts
      facts={[
        ['Supervisor', yesNo(user.is_supervisor)],
        ['Banned', yesNo(user.is_banned)],
        ['Signed up', <MaybeDate key="created" iso={user.created_at} zone={zone} />],
      ]}
    />
  );
}

export interface MemberProfileViewProps {
  profile: MemberProfile;
  /** The linked user, loading after the member; null when the member has no fb_user_id or no user has it. */
  linkedUser: Promise<Loaded<UserProfile>> | null;
  zone?: string;
}

/** A member's profile: the person's facts over all groups, the user they are (loaded after them), and their groups. */
export function MemberProfileView({ profile: { member, memberships, user }, linkedUser, zone }: MemberProfileViewProps) {
  const id = String(member.id);
  return (
    <RecordsPage title={member.name} labelledBy="superadmin-member-title">
      <div className="records__identity">
        <EntityAvatar name={member.name} imageUrl={member.avatar_url} />
        {member.fb_user_id && <span>Facebook id {member.fb_user_id}</span>}
        {member.is_banned && <Tag value="Deactivated" severity="warning" />}
      </div>
      <nav className="records__links" aria-label="This member elsewhere">
        <Link to={`${pathTo('superadmin_audit_logs')}?member_id=${id}`}>Their audit log</Link>
      </nav>
      <div className="records__panels">
        <Panel id="member-details" title="Details">
          <Facts
            facts={[
              ['Id', member.id],
              ['Username', member.fb_username],
              ['Bio', member.bio],
              ['Posts', member.posts_count.toLocaleString('en-US')],
              ['Reactions', member.reactions_count.toLocaleString('en-US')],
              ['Comments', member.comments_count.toLocaleString('en-US')],
              ['Last activity', <MaybeDate key="activity" iso={member.last_activity_at} zone={zone} />],
              ['Paid', formatUsd(member.paid)],
              ['Subscription', member.subscription],
              ['First synced', <MaybeDate key="created" iso={member.created_at} zone={zone} />],
              ['Updated', <MaybeDate key="updated" iso={member.updated_at} zone={zone} />],
            ]}
          />
        </Panel>
        <Panel id="member-user" title="Linked user">
          {member.fb_user_id === null ? (
            <p className="records__empty">No Facebook profile id yet, so no user to link.</p>
          ) : user === null ? (
            <p className="records__empty">No user has signed in with this profile.</p>
          ) : (
            <>
              <RecordName name={user.name} avatarUrl={user.avatar_url} to={pathTo('superadmin_user', { id: String(user.id) })} detail={user.email} />
              {linkedUser && (
                <Suspense fallback={<Loading text="Loading the linked user…" />}>
                  <Await resolve={linkedUser}>{(linked: Loaded<UserProfile>) => <LinkedUser linked={linked} zone={zone} />}</Await>
                </Suspense>
              )}
            </>
          )}
        </Panel>
      </div>
      <Panel id="member-groups" title="Groups">
        <Memberships memberships={memberships} zone={zone} />
      </Panel>
    </RecordsPage>
  );
}

export function MemberProfileRoute() {
  const { profile, linkedUser } = useLoaderData() as MemberProfileData;
  if (profile.kind === 'failed') {
    return (
      <RecordsPage title="Member" labelledBy="superadmin-member-title">
        <LoadFailed what="The member" result={profile} />
      </RecordsPage>
    );
  }
  return <MemberProfileView key={profile.data.member.id} profile={profile.data} linkedUser={linkedUser} />;
}
