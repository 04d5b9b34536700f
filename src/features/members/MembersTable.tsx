import { Column } from 'primereact/column';
import { DataTable, type DataTableSortEvent } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import type { Member } from '../../../machines/memberList/actors';
import type { MemberListName } from '../../../machines/memberList/moves';
import type { MemberRow } from '../../../machines/memberList/selectors';
import { DisplayDate } from '../../ui/DisplayDate';
import { EMPTY_LIST_TEXTS, SORTABLE_COLUMNS, subscriptionSeverity, TAB_TITLES, usd } from './memberColumns';

export interface MembersTableProps {
  list: MemberListName;
  rows: MemberRow[];
  loading: boolean;
  sortBy: string;
  sortDirection: 'asc' | 'desc';
  searching: boolean;
  /** The rows have checkboxes (every list but all_members). */
  selectable: boolean;
  /** Paid and subscription columns show once the payment-account onboarding is completed. */
  showPayments: boolean;
  onSortChanged: (sortBy: string, direction: 'asc' | 'desc') => void;
  onToggle: (id: number) => void;
  /** A shift-press on a row's checkbox starts a drag that selects every row the pointer passes. */
  onDragStarted: (id: number) => void;
  onRowEntered: (id: number) => void;
}

/** One page of a list: the sortable columns, a checkbox per row where the list takes a selection. */
export function MembersTable(props: MembersTableProps) {
  const { list, rows, loading, sortBy, sortDirection, searching, selectable, showPayments, onSortChanged, onToggle, onDragStarted, onRowEntered } = props;
  const onSort = (event: DataTableSortEvent) => onSortChanged(String(event.sortField), event.sortOrder === -1 ? 'desc' : 'asc');
  const selectBody = (member: MemberRow) => (
    <input
      type="checkbox"
      aria-label={`Select ${member.name}`}
      checked={member.selected}
      onChange={() => onToggle(member.id)}
      onMouseDown={(event) => {
        if (event.shiftKey) onDragStarted(member.id);
      }}
    />
  );
  return (
    <DataTable
      value={rows}
      dataKey="id"
      lazy
      loading={loading}
      sortField={sortBy}
      sortOrder={sortDirection === 'desc' ? -1 : 1}
      onSort={onSort}
      emptyMessage={searching ? 'Not found' : EMPTY_LIST_TEXTS[list]}
      rowClassName={(member: MemberRow) => (member.selected ? 'members-page__row--selected' : '')}
      onRowMouseEnter={(event) => onRowEntered((event.data as Member).id)}
      className="members-page__table"
      aria-label={`${TAB_TITLES[list]} members`}
    >
      {selectable && <Column header="Select" body={selectBody} style={{ width: '3rem' }} />}
      {SORTABLE_COLUMNS.map(({ field, header }) => (
        <Column
          key={field}
          field={field}
          header={header}
          sortable
          body={
            field === 'last_activity_at' || field === 'created_at'
              ? (member: Member) => (member[field] ? <DisplayDate iso={member[field]} /> : '—')
              : undefined
          }
        />
      ))}
      {showPayments && <Column field="paid" header="Paid" sortable body={(member: Member) => usd(member.paid)} />}
      {showPayments && (
        <Column
          field="subscription_status"
          header="Subscription"
          sortable
          body={(member: Member) =>
            member.subscription_status ? (
              <Tag severity={subscriptionSeverity(member.subscription_status)} value={member.subscription ?? member.subscription_status} />
            ) : null
          }
        />
      )}
    </DataTable>
  );
}
