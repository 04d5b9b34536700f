import { useLoaderData } from 'react-router-dom';
import type { ApiClient } from '../../../api/client';
import { pathTo } from '../../../app/routes';
import { LightTable, type LightColumn, type SortDirection } from '../../../ui/LightTable';
import { ListPaginator } from '../../../ui/ListPaginator';
import { MemberPicker } from '../../../ui/MemberPicker';
import { countOf } from '../../../ui/plural';
import { SUPERVISOR_PER_PAGE_OPTIONS, type SupervisorMemberList, type SupervisorMemberRole, type SupervisorMemberSortField } from '../../../../rules/supervisorLists';
import { booleanParam } from './listFilters';
import { MEMBERS_QUERY_DEFAULTS, readMembersRequest, type MembersRequest } from './membersFilters';
import type { Member } from './recordsApi';
import type { MembersData } from './recordsLoaders';
import { useRecordPicker, type RecordPicker } from './recordSearch';
import { ChoiceFilter, FilterBar, LoadFailed, MaybeDate, RecordName, RecordsPage, SearchBox, sortedBy, yesNoChoices } from './RecordsUi';
import { useRecordsList } from './useRecordsList';

const LIST_CHOICES: Array<{ value: SupervisorMemberList; label: string }> = [
  { value: 'all_members', label: 'All lists' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
  { value: 'whitelisted', label: 'Whitelisted' },
  { value: 'removed', label: 'Removed' },
];

/** Part 2 §9: the role filter on members is subscriber, admin or any. */
const ROLE_CHOICES: Array<{ value: SupervisorMemberRole; label: string }> = [
  { value: 'any', label: 'Any role' },
  { value: 'subscriber', label: 'Subscriber' },
  { value: 'admin', label: 'Admin' },
];

export type MembersFilterName = 'list' | 'role' | 'has_user';

export interface MembersPageProps {
  /** The filters as chosen: the controls answer at once, while the rows wait for their data. */
  query: MembersRequest;
  result: MembersData['result'];
  searchText: string;
  /** The group filter's picker. */
  groupPicker: RecordPicker;
  reloading: boolean;
  onSearchText(text: string): void;
  onFilter(name: MembersFilterName, value: string): void;
  onSort(field: SupervisorMemberSortField, direction: SortDirection): void;
  onReset(): void;
  onPageChange(page: number, perPage: number): void;
  zone?: string;
}

/** /superadmin/members: the people of every group, or of one, by list, role and whether a user is linked. */
export function MembersPage(props: MembersPageProps) {
  const { query, result, reloading, onFilter, zone } = props;
  const sort = sortedBy(query, props.onSort);
  const columns: Array<LightColumn<Member>> = [
    {
      key: 'name',
      header: 'Member',
      sort: sort('name'),
      body: (member) => (
        <RecordName name={member.name} avatarUrl={member.avatar_url} to={pathTo('superadmin_member', { id: String(member.id) })} detail={member.fb_user_id} />
      ),
    },
    { key: 'role', header: 'Role', body: (member) => (member.role === 'admin' ? 'Admin' : 'Subscriber') },
    { key: 'posts', header: 'Posts', sort: sort('posts_count'), body: (member) => member.posts_count.toLocaleString('en-US') },
    { key: 'reactions', header: 'Reactions', sort: sort('reactions_count'), body: (member) => member.reactions_count.toLocaleString('en-US') },
    { key: 'comments', header: 'Comments', sort: sort('comments_count'), body: (member) => member.comments_count.toLocaleString('en-US') },
    { key: 'activity', header: 'Last activity', sort: sort('last_activity_at'), body: (member) => <MaybeDate iso={member.last_activity_at} zone={zone} /> },
    { key: 'created', header: 'First synced', sort: sort('created_at'), body: (member) => <MaybeDate iso={member.created_at} zone={zone} /> },
  ];
  return (
    <RecordsPage title="Members" labelledBy="superadmin-members-title" count={result.kind === 'loaded' ? countOf(result.data.count, 'member') : undefined}>
      <FilterBar label="Filter members" onReset={props.onReset}>
        <SearchBox id="members-search" label="Search" value={props.searchText} placeholder="Name, Facebook id or username" onChange={props.onSearchText} />
        <MemberPicker inputId="members-group" label="Group" {...props.groupPicker} />
        <ChoiceFilter id="members-list" label="List" value={query.list} choices={LIST_CHOICES} onChange={(value) => onFilter('list', value)} />
        <ChoiceFilter id="members-role" label="Role" value={query.role} choices={ROLE_CHOICES} onChange={(value) => onFilter('role', value)} />
        <ChoiceFilter
          id="members-has-user"
          label="User"
          value={booleanParam(query.has_user)}
          choices={yesNoChoices('Any', 'Linked to a user', 'Without a user')}
          onChange={(value) => onFilter('has_user', value)}
        />
      </FilterBar>
      {result.kind === 'failed' ? (
        <LoadFailed what="The members" result={result} />
      ) : (
        <>
          <LightTable rows={result.data.members} rowKey={(member) => member.id} columns={columns} loading={reloading} emptyMessage="No members found." ariaLabel="Members" />
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

export function MembersRoute({ api }: { api: ApiClient }) {
  const { result, group } = useLoaderData() as MembersData;
  const list = useRecordsList({ defaults: MEMBERS_QUERY_DEFAULTS, textFilter: 'search' });
  const query = readMembersRequest(new URLSearchParams(list.query));
  const groupPicker = useRecordPicker(api, 'groups', { id: query.group_id, loaded: group }, (value) => list.setFilter('group_id', value));
  return (
    <MembersPage
      query={query}
      result={result}
      searchText={list.typedText}
      groupPicker={groupPicker}
      reloading={list.reloading}
      onSearchText={list.typeText}
      onFilter={list.setFilter}
      onSort={list.sort}
      onReset={list.reset}
      onPageChange={list.changePage}
    />
  );
}
