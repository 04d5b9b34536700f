import { Tag } from 'primereact/tag';
import { useLoaderData } from 'react-router-dom';
import type { ApiClient } from '../../../api/client';
import { pathTo } from '../../../app/routes';
import { LightTable, type LightColumn, type SortDirection } from '../../../ui/LightTable';
import { ListPaginator } from '../../../ui/ListPaginator';
import { MemberPicker } from '../../../ui/MemberPicker';
import { countOf } from '../../../ui/plural';
import { SUBSCRIBED_PLANS } from '../../../../rules/plans';
import { SUPERVISOR_PER_PAGE_OPTIONS, type SupervisorUserRole, type SupervisorUserSortField } from '../../../../rules/supervisorLists';
import { booleanParam } from './listFilters';
import type { User } from './recordsApi';
import type { UsersData } from './recordsLoaders';
import { useRecordPicker, type RecordPicker } from './recordSearch';
import { ChoiceFilter, FilterBar, LoadFailed, MaybeDate, RecordName, RecordsPage, SearchBox, sortedBy, yesNoChoices } from './RecordsUi';
import { PLAN_FILTER_LABELS, plansParam, readUsersRequest, USERS_QUERY_DEFAULTS, USERS_QUERY_RESETS, type UsersRequest } from './usersFilters';
import { useRecordsList } from './useRecordsList';

const ROLE_CHOICES: Array<{ value: SupervisorUserRole; label: string }> = [
  { value: 'any', label: 'Any' },
  { value: 'regular', label: 'Regular' },
  { value: 'supervisor', label: 'Supervisor' },
  { value: 'banned', label: 'Banned' },
];

export type UsersFilterName = 'role' | 'subscribed_plan' | 'is_orphaned' | 'is_locked';

export interface UsersPageProps {
  /** The filters as chosen: the controls answer at once, while the rows wait for their data. */
  query: UsersRequest;
  result: UsersData['result'];
  searchText: string;
  /** The member filter's picker. */
  memberPicker: RecordPicker;
  reloading: boolean;
  onSearchText(text: string): void;
  onFilter(name: UsersFilterName, value: string): void;
  onSort(field: SupervisorUserSortField, direction: SortDirection): void;
  onReset(): void;
  onPageChange(page: number, perPage: number): void;
  zone?: string;
}

function UserBadges({ user }: { user: User }) {
  return (
    <span className="records__badges">
      {user.is_supervisor && <Tag value="Supervisor" severity="info" />}
      {user.is_banned && <Tag value="Banned" severity="danger" />}
      {!user.is_supervisor && !user.is_banned && 'Regular'}
    </span>
  );
}

/** /superadmin/users: every user, by kind, by the plans and states of the groups they hold, or by a member. */
export function UsersPage(props: UsersPageProps) {
  const { query, result, reloading, onFilter, zone } = props;
  const sort = sortedBy(query, props.onSort);
  const plans = query.subscribed_plan ?? [];
  const columns: Array<LightColumn<User>> = [
    {
      key: 'name',
      header: 'User',
      sort: sort('name'),
      body: (user) => <RecordName name={user.name} avatarUrl={user.avatar_url} to={pathTo('superadmin_user', { id: String(user.id) })} detail={user.fb_username} />,
    },
    { key: 'email', header: 'Email', sort: sort('email'), body: (user) => user.email ?? '—' },
    { key: 'fb_user_id', header: 'Facebook id', body: (user) => user.fb_user_id ?? '—' },
    { key: 'kind', header: 'Kind', body: (user) => <UserBadges user={user} /> },
    { key: 'created', header: 'Created', sort: sort('created_at'), body: (user) => <MaybeDate iso={user.created_at} zone={zone} /> },
  ];
  return (
    <RecordsPage title="Users" labelledBy="superadmin-users-title" count={result.kind === 'loaded' ? countOf(result.data.count, 'user') : undefined}>
      <FilterBar label="Filter users" onReset={props.onReset}>
        <SearchBox id="users-search" label="Search" value={props.searchText} placeholder="Name, email, Facebook id or username" onChange={props.onSearchText} />
        <MemberPicker inputId="users-member" {...props.memberPicker} />
        <ChoiceFilter id="users-role" label="Kind" value={query.role} choices={ROLE_CHOICES} onChange={(value) => onFilter('role', value)} />
        <fieldset className="records__filter records__checks">
          <legend>Plan</legend>
          {SUBSCRIBED_PLANS.map((plan) => (
            <label key={plan} className="records__check">
              <input
                type="checkbox"
                checked={plans.includes(plan)}
                onChange={(event) => onFilter('subscribed_plan', plansParam(plans, plan, event.target.checked))}
              />
              {PLAN_FILTER_LABELS[plan]}
            </label>
          ))}
        </fieldset>
        <ChoiceFilter
          id="users-orphaned"
          label="Orphaned group"
          value={booleanParam(query.is_orphaned)}
          choices={yesNoChoices('Any', 'Has one', 'Has none')}
          onChange={(value) => onFilter('is_orphaned', value)}
        />
        <ChoiceFilter
          id="users-locked"
          label="Locked group"
          value={booleanParam(query.is_locked)}
          choices={yesNoChoices('Any', 'Has one', 'Has none')}
          onChange={(value) => onFilter('is_locked', value)}
        />
      </FilterBar>
      {result.kind === 'failed' ? (
        <LoadFailed what="The users" result={result} />
      ) : (
        <>
          <LightTable rows={result.data.users} rowKey={(user) => user.id} columns={columns} loading={reloading} emptyMessage="No users found." ariaLabel="Users" />
          <ListPaginator
            className="records__paginator"
            page={query.page}
            perPage={query.per_page}
            total={result.data.count}
            perPageOptions={SUPERVISOR_PER_PAGE_OPTIONS}
            onPageChange={props.onPageChange}
          />
        </>
      )}
    </RecordsPage>
  );
}

export function UsersRoute({ api }: { api: ApiClient }) {
  const { result, member } = useLoaderData() as UsersData;
  const list = useRecordsList({ defaults: USERS_QUERY_DEFAULTS, textFilter: 'search', resets: USERS_QUERY_RESETS });
  const query = readUsersRequest(new URLSearchParams(list.query));
  const memberPicker = useRecordPicker(api, 'members', { id: query.member_id, loaded: member }, (value) => list.setFilter('member_id', value));
  return (
    <UsersPage
      query={query}
      result={result}
      searchText={list.typedText}
      memberPicker={memberPicker}
      reloading={list.reloading}
      onSearchText={list.typeText}
      onFilter={list.setFilter}
      onSort={list.sort}
      onReset={list.reset}
      onPageChange={list.changePage}
    />
  );
}
