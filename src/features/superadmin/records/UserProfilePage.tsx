import { Suspense } from 'react';
import { Tag } from 'primereact/tag';
import { Await, Link, useLoaderData } from 'react-router-dom';
import type { ApiClient } from '../../../api/client';
import { pathTo } from '../../../app/routes';
import { EntityAvatar } from '../../../ui/EntityAvatar';
import { Memberships } from './Memberships';
import { CheckField, EditForm, TextField, useRecordEdit } from './RecordForm';
import { userFormErrors, userFormOf, userPatchOf } from './recordEdits';
import { saveUser, type Loaded, type MemberProfile, type User, type UserPatch, type UserProfile } from './recordsApi';
import type { UserProfileData } from './recordsLoaders';
import { Facts, LoadFailed, Loading, MaybeDate, Panel, RecordName, RecordsPage, yesNo } from './RecordsUi';

/** The fields PATCH /supervisor/users/{id} changes, one save for all of them; an emptied username or profile id is removed. */
export function UserEditForm({ user, save }: { user: User; save(patch: UserPatch): Promise<Loaded<unknown>> }) {
  const edit = useRecordEdit({
    initial: userFormOf(user),
    errorsOf: userFormErrors,
    patchOf: (form) => userPatchOf(user, form),
    save,
    savedMessage: `${user.name} saved.`,
  });
  return (
    <EditForm label="Edit user" edit={edit}>
      <TextField edit={edit} field="first_name" label="First name" />
      <TextField edit={edit} field="last_name" label="Last name" />
      <TextField edit={edit} field="email" label="Email" type="email" />
      <TextField edit={edit} field="fb_username" label="Facebook username" hint="(empty removes it)" />
      <TextField edit={edit} field="fb_user_id" label="Facebook profile id" hint="(empty removes it)" />
      <CheckField edit={edit} field="is_supervisor" label="Supervisor" />
      <CheckField edit={edit} field="is_banned" label="Banned" />
      <CheckField edit={edit} field="connects_is_enabled" label="Connections enabled" />
      <CheckField edit={edit} field="robot_training" label="Robot training" />
    </EditForm>
  );
}

/** The member the user is, once loaded: their activity over all groups. */
function LinkedMember({ linked }: { linked: Loaded<MemberProfile> }) {
  if (linked.kind === 'failed') return <LoadFailed what="The linked member" result={linked} />;
  const { member } = linked.data;
  return (
    <Facts
      facts={[
        ['Posts', member.posts_count.toLocaleString('en-US')],
        ['Reactions', member.reactions_count.toLocaleString('en-US')],
        ['Comments', member.comments_count.toLocaleString('en-US')],
        ['Deactivated', yesNo(member.is_banned)],
      ]}
    />
  );
}

export interface UserProfileViewProps {
  profile: UserProfile;
  /** The linked member, loading after the user; null when the user has no fb_user_id or no member has it. */
  linkedMember: Promise<Loaded<MemberProfile>> | null;
  save(patch: UserPatch): Promise<Loaded<unknown>>;
  zone?: string;
}

/** A user's profile: their account, the member they are (loaded after them) and that member's groups, and the edit form. */
export function UserProfileView({ profile: { user, member, memberships }, linkedMember, save, zone }: UserProfileViewProps) {
  return (
    <RecordsPage title={user.name} labelledBy="superadmin-user-title">
      <div className="records__identity">
        <EntityAvatar name={user.name} imageUrl={user.avatar_url} />
        {user.email && <span>{user.email}</span>}
        {user.is_supervisor && <Tag value="Supervisor" severity="info" />}
        {user.is_banned && <Tag value="Banned" severity="danger" />}
      </div>
      <nav className="records__links" aria-label="This user elsewhere">
        <Link to={`${pathTo('superadmin_audit_logs')}?user_id=${user.id}`}>Their audit log</Link>
      </nav>
      <div className="records__panels">
        <Panel id="user-details" title="Details">
          <Facts
            facts={[
              ['Id', user.id],
              ['First name', user.first_name],
              ['Last name', user.last_name],
              ['Facebook profile id', user.fb_user_id],
              ['Facebook username', user.fb_username],
              ['Facebook app user id', user.fb_auth_user_id],
              ['Card', user.card_exists ? `${user.card_brand ?? 'Card'} ending ${user.card_last4 ?? '····'}` : 'None'],
              ['Payment customer', user.stripe_customer_id],
              ['Affiliate id', user.tapfiliate_id],
              ['friendFilter account', user.friendfilter_id],
              ['Connections enabled', yesNo(user.flags.connects_is_enabled)],
              ['Robot training', yesNo(user.flags.robot_training)],
              ['Onboarding completed', yesNo(user.flags.onboarding_completed)],
              ['Signed up', <MaybeDate key="created" iso={user.created_at} zone={zone} />],
              ['Updated', <MaybeDate key="updated" iso={user.updated_at} zone={zone} />],
            ]}
          />
        </Panel>
        <Panel id="user-member" title="Linked member">
          {user.fb_user_id === null ? (
            <p className="records__empty">No Facebook profile id, so no member to link.</p>
          ) : member === null ? (
            <p className="records__empty">No member has this profile id yet.</p>
          ) : (
            <>
              <RecordName name={member.name} avatarUrl={member.avatar_url} to={pathTo('superadmin_member', { id: String(member.id) })} detail={member.fb_user_id} />
              {linkedMember && (
                <Suspense fallback={<Loading text="Loading the linked member…" />}>
                  <Await resolve={linkedMember}>{(linked: Loaded<MemberProfile>) => <LinkedMember linked={linked} />}</Await>
                </Suspense>
              )}
            </>
          )}
        </Panel>
      </div>
      <Panel id="user-groups" title="Groups">
        <Memberships memberships={memberships} zone={zone} />
      </Panel>
      <Panel id="user-edit" title="Edit">
        <UserEditForm key={user.updated_at} user={user} save={save} />
      </Panel>
    </RecordsPage>
  );
}

export function UserProfileRoute({ api }: { api: ApiClient }) {
  const { profile, linkedMember } = useLoaderData() as UserProfileData;
  if (profile.kind === 'failed') {
    return (
      <RecordsPage title="User" labelledBy="superadmin-user-title">
        <LoadFailed what="The user" result={profile} />
      </RecordsPage>
    );
  }
  return <UserProfileView key={profile.data.user.id} profile={profile.data} linkedMember={linkedMember} save={(patch) => saveUser(api, profile.data.user.id, patch)} />;
}
