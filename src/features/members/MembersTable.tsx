import { Checkbox } from 'primereact/checkbox';
import { Column } from 'primereact/column';
import { forwardRef, useRef, type ReactNode } from 'react';
import { DataTable, type DataTableSortEvent } from 'primereact/datatable';
import type { Member } from '../../../machines/memberList/actors';
import type { MemberListName } from '../../../machines/memberList/moves';
import type { MemberRow } from '../../../machines/memberList/selectors';
import { formatUsd } from '../../../rules/prices';
import { DisplayDate } from '../../ui/DisplayDate';
import { SubscriptionBadge } from '../../ui/SubscriptionBadge';
import { EMPTY_LIST_TEXTS, SORTABLE_COLUMNS, TAB_TITLES } from './memberColumns';

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
  /** A Shift-click on a row's checkbox: the range from the row clicked last. */
  onRangeChosen: (id: number) => void;
  /** Pressing a row starts a drag that selects every row the pointer passes. */
  onDragStarted: (id: number) => void;
  onRowEntered: (id: number) => void;
}

/** A cell's column name, shown on a phone where the rows are cards without a header row. */
const labelled = (header: string, value: ReactNode) => (
  <>
    <span className="members-page__cell-label">{header}</span>
    {value}
  </>
);

/** One page of a list: the sortable columns, a checkbox per row where the list takes a selection; the wrapper takes focus back after a move. */
export const MembersTable = forwardRef<HTMLDivElement, MembersTableProps>(function MembersTable(props, ref) {
  const { list, rows, loading, sortBy, sortDirection, searching, selectable, showPayments, onSortChanged, onToggle, onRangeChosen, onDragStarted, onRowEntered } =
    props;
  const shiftHeld = useRef(false);
  const onSort = (event: DataTableSortEvent) => onSortChanged(String(event.sortField), event.sortOrder === -1 ? 'desc' : 'asc');
  const selectBody = (member: MemberRow) => (
    <Checkbox
      aria-label={`Select ${member.name}`}
      checked={member.selected}
      onMouseDown={(event) => {
        shiftHeld.current = event.shiftKey;
      }}
      onChange={() => (shiftHeld.current ? onRangeChosen(member.id) : onToggle(member.id))}
    />
  );
  return (
    <div
      ref={ref}
      tabIndex={-1}
      className={selectable ? 'members-page__table-wrap members-page__table-wrap--selectable' : 'members-page__table-wrap'}
      onMouseDown={(event) => {
        const row = (event.target as HTMLElement).closest('tr')?.querySelector<HTMLElement>('[data-member-id]');
        if (selectable && row && event.button === 0 && !event.shiftKey) onDragStarted(Number(row.dataset.memberId));
      }}
    >
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
      {selectable && <Column header="Select" body={selectBody} style={{ width: '3rem' }} bodyClassName="members-page__cell--select" />}
      {SORTABLE_COLUMNS.map(({ field, header }) => (
        <Column
          key={field}
          field={field}
          header={header}
          sortable
          bodyClassName={`members-page__cell--${field}`}
          body={(member: Member) =>
            field === 'name'
              ? <span data-member-id={member.id}>{member.name}</span>
              : labelled(header, field === 'last_activity_at' || field === 'created_at' ? member[field] ? <DisplayDate iso={member[field]} /> : '—' : member[field])
          }
        />
      ))}
      {showPayments && <Column field="paid" header="Paid" sortable body={(member: Member) => formatUsd(member.paid)} />}
      {showPayments && (
        <Column
          field="subscription_status"
          header="Subscription"
          sortable
          body={(member: Member) => <SubscriptionBadge status={member.subscription_status} label={member.subscription} />}
        />
      )}
    </DataTable>
    </div>
  );
});
