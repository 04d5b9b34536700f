import { useLoaderData } from 'react-router-dom';
import { pathTo } from '../../../app/routes';
import { LightTable, type LightColumn, type SortDirection } from '../../../ui/LightTable';
import { ListPaginator } from '../../../ui/ListPaginator';
import { PlanBadges } from '../../../ui/PlanBadges';
import { SubscriptionBadge } from '../../../ui/SubscriptionBadge';
import { countOf } from '../../../ui/plural';
import { SUPERVISOR_PER_PAGE_OPTIONS, type SupervisorGroupSortField } from '../../../../rules/supervisorLists';
import { GROUPS_QUERY_DEFAULTS, readGroupsRequest, type GroupsRequest } from './groupsFilters';
import { booleanParam } from './listFilters';
import type { ListData } from './recordsLoaders';
import type { Group } from './recordsApi';
import { ChoiceFilter, FilterBar, LoadFailed, MaybeDate, RecordName, RecordsPage, SearchBox, sortedBy, yesNoChoices } from './RecordsUi';
import { useRecordsList } from './useRecordsList';
import type { components } from '../../../api/schema';

export type GroupsData = ListData<GroupsRequest, components['schemas']['SupervisorGroupsList']>;

export interface GroupsPageProps {
  /** The filters as chosen: the controls answer at once, while the rows wait for their data. */
  query: GroupsRequest;
  result: GroupsData['result'];
  /** What the search box shows while typing has not paused yet. */
  searchText: string;
  reloading: boolean;
  onSearchText(text: string): void;
  onFilter(name: 'no_member', value: string): void;
  onSort(field: SupervisorGroupSortField, direction: SortDirection): void;
  onReset(): void;
  onPageChange(page: number, perPage: number): void;
  zone?: string;
}

/** /superadmin/groups: every group, searched, filtered by whether it has members, sorted and paged. */
export function GroupsPage({ query, result, searchText, reloading, onSearchText, onFilter, onSort, onReset, onPageChange, zone }: GroupsPageProps) {
  const sort = sortedBy(query, onSort);
  const columns: Array<LightColumn<Group>> = [
    {
      key: 'name',
      header: 'Group',
      sort: sort('name'),
      body: (group) => <RecordName name={group.name} avatarUrl={group.avatar_url} shape="square" to={pathTo('superadmin_group', { id: String(group.id) })} detail={group.fb_slug} />,
    },
    { key: 'fb_group_id', header: 'Facebook id', sort: sort('fb_group_id'), body: (group) => group.fb_group_id },
    {
      key: 'plan',
      header: 'Plan',
      sort: sort('subscribed_plan'),
      body: (group) => (
        <span className="records__badges">
          <PlanBadges group={group} />
          <SubscriptionBadge status={group.subscription_status} />
        </span>
      ),
    },
    { key: 'ends', header: 'Ends', sort: sort('subscription_ends_at'), body: (group) => <MaybeDate iso={group.subscription_ends_at} zone={zone} /> },
    { key: 'created', header: 'Created', sort: sort('created_at'), body: (group) => <MaybeDate iso={group.created_at} zone={zone} /> },
  ];
  return (
    <RecordsPage title="Groups" labelledBy="superadmin-groups-title" count={result.kind === 'loaded' ? countOf(result.data.count, 'group') : undefined}>
      <FilterBar label="Filter groups" onReset={onReset}>
        <SearchBox id="groups-search" label="Search" value={searchText} placeholder="Name, Facebook id or slug" onChange={onSearchText} />
        <ChoiceFilter
          id="groups-no-member"
          label="Members"
          value={booleanParam(query.no_member)}
          choices={yesNoChoices('Any', 'Without members', 'With members')}
          onChange={(value) => onFilter('no_member', value)}
        />
      </FilterBar>
      {result.kind === 'failed' ? (
        <LoadFailed what="The groups" result={result} />
      ) : (
        <>
          <LightTable
            rows={result.data.groups}
            rowKey={(group) => group.id}
            columns={columns}
            loading={reloading}
            emptyMessage="No groups found."
            ariaLabel="Groups"
          />
          <ListPaginator
            className="records__paginator"
            page={query.page}
            perPage={query.per_page}
            total={result.data.count}
            perPageOptions={SUPERVISOR_PER_PAGE_OPTIONS}
            onPageChange={onPageChange}
          />
        </>
      )}
    </RecordsPage>
  );
}

export function GroupsRoute() {
  const { result } = useLoaderData() as GroupsData;
  const list = useRecordsList({ defaults: GROUPS_QUERY_DEFAULTS, textFilter: 'search' });
  return (
    <GroupsPage
      query={readGroupsRequest(new URLSearchParams(list.query))}
      result={result}
      searchText={list.typedText}
      reloading={list.reloading}
      onSearchText={list.typeText}
      onFilter={list.setFilter}
      onSort={list.sort}
      onReset={list.reset}
      onPageChange={list.changePage}
    />
  );
}
