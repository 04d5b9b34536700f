import { Link, useLoaderData } from 'react-router-dom';
import type { ApiClient } from '../../../api/client';
import { pathTo } from '../../../app/routes';
import { EntityAvatar } from '../../../ui/EntityAvatar';
import { PlanBadges } from '../../../ui/PlanBadges';
import { SUBSCRIBED_PLANS } from '../../../../rules/plans';
import { PLAN_FILTER_LABELS } from './usersFilters';
import { CheckField, EditForm, SelectField, TextField, useRecordEdit } from './RecordForm';
import { groupFormErrors, groupFormOf, groupPatchOf, SUBSCRIPTION_STATUSES } from './recordEdits';
import { saveGroup, type Group, type GroupPatch, type GroupProfile, type Loaded } from './recordsApi';
import { Facts, LoadFailed, MaybeDate, Panel, RecordName, RecordsPage, yesNo } from './RecordsUi';

const PLAN_OPTIONS = SUBSCRIBED_PLANS.map((plan) => ({ value: plan, label: PLAN_FILTER_LABELS[plan] }));
const STATUS_OPTIONS = [{ value: '', label: 'None' }, ...SUBSCRIPTION_STATUSES.map((status) => ({ value: status, label: status }))];

/** The fields PATCH /supervisor/groups/{id} changes, one save for all of them. */
export function GroupEditForm({ group, save }: { group: Group; save(patch: GroupPatch): Promise<Loaded<unknown>> }) {
  const edit = useRecordEdit({
    initial: groupFormOf(group),
    errorsOf: groupFormErrors,
    patchOf: (form) => groupPatchOf(group, form),
    save,
    savedMessage: `${group.name} saved.`,
  });
  return (
    <EditForm label="Edit group" edit={edit}>
      <TextField edit={edit} field="name" label="Name" />
      <TextField edit={edit} field="fb_slug" label="Slug" />
      <SelectField edit={edit} field="subscribed_plan" label="Plan" options={PLAN_OPTIONS} />
      <SelectField edit={edit} field="subscription_status" label="Subscription status" options={STATUS_OPTIONS} />
      <TextField edit={edit} field="subscribed_from_at" label="Subscribed from" hint="(UTC)" type="datetime-local" />
      <TextField edit={edit} field="subscription_ends_at" label="Subscription ends" hint="(UTC)" type="datetime-local" />
      <TextField edit={edit} field="trial_ends_at" label="Trial ends" hint="(UTC)" type="datetime-local" />
      <TextField edit={edit} field="data_removal_at" label="Data removal" hint="(UTC)" type="datetime-local" />
      <CheckField edit={edit} field="is_locked" label="Locked" />
      <CheckField edit={edit} field="is_orphaned" label="Orphaned" />
      <CheckField edit={edit} field="is_manual_subscription" label="Manual subscription" />
    </EditForm>
  );
}

export interface GroupProfileViewProps {
  profile: GroupProfile;
  save(patch: GroupPatch): Promise<Loaded<unknown>>;
  zone?: string;
}

/** A group's profile: its facts, counts and limits, who holds it and its admins, with links onward, and its edit form. */
export function GroupProfileView({ profile: { group, admins, users, counts, removal_limits: limits }, save, zone }: GroupProfileViewProps) {
  const id = String(group.id);
  return (
    <RecordsPage title={group.name} labelledBy="superadmin-group-title">
      <div className="records__identity">
        <EntityAvatar name={group.name} imageUrl={group.avatar_url} shape="square" />
        <PlanBadges group={group} />
        <span>Facebook id {group.fb_group_id}</span>
      </div>
      <nav className="records__links" aria-label="This group elsewhere">
        <Link to={`${pathTo('superadmin_members')}?group_id=${id}`}>Its members</Link>
        <Link to={`${pathTo('superadmin_audit_logs')}?group_id=${id}`}>Its audit log</Link>
      </nav>
      <div className="records__panels">
        <Panel id="group-details" title="Details">
          <Facts
            facts={[
              ['Id', group.id],
              ['Slug', group.fb_slug],
              ['Subscription status', group.subscription_status],
              ['Subscribed from', <MaybeDate key="from" iso={group.subscribed_from_at} zone={zone} />],
              ['Subscription ends', <MaybeDate key="ends" iso={group.subscription_ends_at} zone={zone} />],
              ['Trial ends', <MaybeDate key="trial" iso={group.trial_ends_at} zone={zone} />],
              ['Payment subscription', group.stripe_subscription_id],
              ['Manual subscription', yesNo(group.is_manual_subscription)],
              ['Payment errors', group.flags.count_payment_error],
              ['Data removal', <MaybeDate key="removal" iso={group.data_removal_at} zone={zone} />],
              ['Created', <MaybeDate key="created" iso={group.created_at} zone={zone} />],
              ['Updated', <MaybeDate key="updated" iso={group.updated_at} zone={zone} />],
            ]}
          />
        </Panel>
        <Panel id="group-counts" title="Members and data">
          <Facts
            facts={[
              ['Active', counts.active.toLocaleString('en-US')],
              ['Inactive', counts.inactive.toLocaleString('en-US')],
              ['Whitelisted', counts.whitelisted.toLocaleString('en-US')],
              ['Removed', counts.removed.toLocaleString('en-US')],
              ['Posts', counts.posts.toLocaleString('en-US')],
              ['Payment customers', counts.customers.toLocaleString('en-US')],
              ['Removals left now', `${limits.current.left} of ${limits.current.limit}`],
              ['Removals left today', `${limits.daily.left} of ${limits.daily.limit}`],
              ['Removals left this week', `${limits.weekly.left} of ${limits.weekly.limit}`],
              ['Free removals left', `${limits.free.left} of ${limits.free.limit}`],
            ]}
          />
        </Panel>
        <Panel id="group-users" title="Held by">
          {users.length === 0 ? (
            <p className="records__empty">No user holds this group.</p>
          ) : (
            <ul className="records__people">
              {users.map((user) => (
                <li key={user.id}>
                  <RecordName name={user.name} avatarUrl={user.avatar_url} to={pathTo('superadmin_user', { id: String(user.id) })} detail={user.email} />
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <Panel id="group-admins" title="Admins">
          {admins.length === 0 ? (
            <p className="records__empty">No admins synced.</p>
          ) : (
            <ul className="records__people">
              {admins.map((admin) => (
                <li key={admin.id}>
                  <RecordName name={admin.name} avatarUrl={admin.avatar_url} to={pathTo('superadmin_member', { id: String(admin.id) })} detail={admin.fb_user_id} />
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>
      <Panel id="group-edit" title="Edit">
        <GroupEditForm key={group.updated_at} group={group} save={save} />
      </Panel>
    </RecordsPage>
  );
}

export function GroupProfileRoute({ api }: { api: ApiClient }) {
  const { profile } = useLoaderData() as { profile: Loaded<GroupProfile> };
  if (profile.kind === 'failed') {
    return (
      <RecordsPage title="Group" labelledBy="superadmin-group-title">
        <LoadFailed what="The group" result={profile} />
      </RecordsPage>
    );
  }
  return <GroupProfileView profile={profile.data} save={(patch) => saveGroup(api, profile.data.group.id, patch)} />;
}
