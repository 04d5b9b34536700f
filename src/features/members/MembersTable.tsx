import { createContext, forwardRef, memo, useContext, useMemo, useRef, type MutableRefObject, type ReactNode } from 'react';
import type { MemberListName } from '../../../machines/memberList/moves';
import type { MemberRow, ShownDate } from '../../../machines/memberList/selectors';
import type { MemberSortField } from '../../../rules/memberLists';
import { formatUsd } from '../../../rules/prices';
import { LightTable, type LightColumn } from '../../ui/LightTable';
import { SubscriptionBadge } from '../../ui/SubscriptionBadge';
import { EMPTY_LIST_TEXTS, SORTABLE_COLUMNS, TAB_TITLES } from './memberColumns';

/** What the table does with a click, a Shift-click, a press and a pointer passing a row; the same functions from render to render. */
export interface MembersTableHandlers {
  onSortChanged: (sortBy: string, direction: 'asc' | 'desc') => void;
  onToggle: (id: number) => void;
  /** A Shift-click on a row's checkbox: the range from the row clicked last. */
  onRangeChosen: (id: number) => void;
  /** Pressing a row starts a drag that selects every row the pointer passes. */
  onDragStarted: (id: number) => void;
  onRowEntered: (id: number) => void;
}

export interface MembersTableProps {
  list: MemberListName;
  rows: MemberRow[];
  /** The selected rows' ids: only their checkboxes render again when it changes. */
  selected: ReadonlySet<number>;
  loading: boolean;
  sortBy: string;
  sortDirection: 'asc' | 'desc';
  searching: boolean;
  /** The rows have checkboxes (every list but all_members). */
  selectable: boolean;
  /** Paid and subscription columns show once the payment-account onboarding is completed. */
  showPayments: boolean;
  handlers: MembersTableHandlers;
}

interface RowSelection {
  selected: ReadonlySet<number>;
  handlers: MembersTableHandlers;
  /** Shift was held when the checkbox was pressed: its change is a range. */
  shiftHeld: MutableRefObject<boolean>;
}

const SelectionContext = createContext<RowSelection | null>(null);

interface SelectBoxProps {
  id: number;
  name: string;
  checked: boolean;
  selection: Omit<RowSelection, 'selected'>;
}

/** PrimeReact's check mark. */
const CHECK_MARK =
  'M4.86199 11.5948C4.78717 11.5923 4.71366 11.5745 4.64596 11.5426C4.57826 11.5107 4.51779 11.4652 4.46827 11.4091L0.753985 7.69483C0.683167 7.64891 0.623706 7.58751 0.580092 7.51525C0.536478 7.44299 0.509851 7.36177 0.502221 7.27771C0.49459 7.19366 0.506156 7.10897 0.536046 7.03004C0.565935 6.95111 0.613367 6.88 0.674759 6.82208C0.736151 6.76416 0.8099 6.72095 0.890436 6.69571C0.970973 6.67046 1.05619 6.66385 1.13966 6.67635C1.22313 6.68886 1.30266 6.72017 1.37226 6.76792C1.44186 6.81567 1.4997 6.8786 1.54141 6.95197L4.86199 10.2503L12.6397 2.49483C12.7444 2.42694 12.8689 2.39617 12.9932 2.40745C13.1174 2.41873 13.2343 2.47141 13.3251 2.55705C13.4159 2.64268 13.4753 2.75632 13.4938 2.87973C13.5123 3.00315 13.4888 3.1292 13.4271 3.23768L5.2557 11.4091C5.20618 11.4652 5.14571 11.5107 5.07801 11.5426C5.01031 11.5745 4.9368 11.5923 4.86199 11.5948Z';

/**
 * A row's checkbox in PrimeReact's markup and theme, without its component: a hundred of them render
 * again on a select-all, and PrimeReact's Checkbox costs a frame's worth of work at that count.
 */
const SelectBox = memo(function SelectBox({ id, name, checked, selection }: SelectBoxProps) {
  const { handlers, shiftHeld } = selection;
  return (
    <div
      className={checked ? 'p-checkbox p-component p-highlight' : 'p-checkbox p-component'}
      onMouseDown={(event) => {
        shiftHeld.current = event.shiftKey;
      }}
      onKeyDown={(event) => {
        shiftHeld.current = event.shiftKey;
      }}
    >
      <input
        type="checkbox"
        className="p-checkbox-input"
        aria-label={`Select ${name}`}
        checked={checked}
        onChange={() => (shiftHeld.current ? handlers.onRangeChosen(id) : handlers.onToggle(id))}
      />
      <div className="p-checkbox-box">
        {checked && (
          <svg width="14" height="14" viewBox="0 0 14 14" fill="none" className="p-icon p-checkbox-icon" aria-hidden="true">
            <path d={CHECK_MARK} fill="currentColor" />
          </svg>
        )}
      </div>
    </div>
  );
});

/** A row's checkbox: it follows the selection, while the row's other cells stay as they were. */
function SelectCell({ member }: { member: MemberRow }) {
  const { selected, handlers, shiftHeld } = useContext(SelectionContext)!;
  const selection = useMemo(() => ({ handlers, shiftHeld }), [handlers, shiftHeld]);
  return <SelectBox id={member.id} name={member.name} checked={selected.has(member.id)} selection={selection} />;
}

/** A cell's column name, shown on a phone where the rows are cards without a header row. */
const labelled = (header: string, value: ReactNode) => (
  <>
    <span className="members-page__cell-label">{header}</span>
    {value}
  </>
);

const shownDate = (date: ShownDate | null) =>
  date ? (
    <time dateTime={date.iso} title={date.utc}>
      {date.text}
    </time>
  ) : (
    '—'
  );

/** A sortable column's cell: the name carries the row's id for a drag; the dates are the row's, formatted once. */
const bodyOf = (field: MemberSortField, header: string) => (member: MemberRow) => {
  if (field === 'name') return <span data-member-id={member.id}>{member.name}</span>;
  if (field === 'last_activity_at') return labelled(header, shownDate(member.lastActivity));
  if (field === 'created_at') return labelled(header, shownDate(member.firstSync));
  return labelled(header, member[field]);
};

const selectBody = (member: MemberRow) => <SelectCell member={member} />;
const paidBody = (member: MemberRow) => formatUsd(member.paid);
const subscriptionBody = (member: MemberRow) => <SubscriptionBadge status={member.subscription_status} label={member.subscription} />;
const memberId = (member: MemberRow) => member.id;

type RowsTableProps = Omit<MembersTableProps, 'selected' | 'loading'>;

/** The columns of a page: a new set only when the sort, the checkboxes or the payment columns change. */
function useColumns({ sortBy, sortDirection, selectable, showPayments, handlers }: RowsTableProps): LightColumn<MemberRow>[] {
  return useMemo(() => {
    const sortOf = (field: string) => ({
      direction: sortBy === field ? sortDirection : null,
      onSort: (direction: 'asc' | 'desc') => handlers.onSortChanged(field, direction),
    });
    return [
      ...(selectable ? [{ key: 'select', header: 'Select', body: selectBody, style: { width: '3rem' }, cellClassName: 'members-page__cell--select' }] : []),
      ...SORTABLE_COLUMNS.map(({ field, header }) => ({
        key: field,
        header,
        body: bodyOf(field, header),
        sort: sortOf(field),
        cellClassName: `members-page__cell--${field}`,
      })),
      ...(showPayments
        ? [
            { key: 'paid', header: 'Paid', body: paidBody, sort: sortOf('paid') },
            { key: 'subscription_status', header: 'Subscription', body: subscriptionBody, sort: sortOf('subscription_status') },
          ]
        : []),
    ];
  }, [sortBy, sortDirection, selectable, showPayments, handlers]);
}

/** The rows: they render again only when the page, the sort or the columns change, not on a selection or while a page loads. */
const RowsTable = memo(function RowsTable(props: RowsTableProps) {
  const { list, rows, searching, handlers } = props;
  const columns = useColumns(props);
  const onRowEntered = useMemo(() => (member: MemberRow) => handlers.onRowEntered(member.id), [handlers]);
  return (
    <LightTable
      rows={rows}
      rowKey={memberId}
      columns={columns}
      loading={false}
      emptyMessage={searching ? 'Not found' : EMPTY_LIST_TEXTS[list]}
      ariaLabel={`${TAB_TITLES[list]} members`}
      className="members-page__table"
      onRowMouseEnter={onRowEntered}
    />
  );
});

/** One page of a list: the sortable columns, a checkbox per row where the list takes a selection; the wrapper takes focus back after a move. */
export const MembersTable = memo(
  forwardRef<HTMLDivElement, MembersTableProps>(function MembersTable({ selected, loading, ...table }, ref) {
    const shiftHeld = useRef(false);
    const { handlers, selectable } = table;
    const selection = useMemo(() => ({ selected, handlers, shiftHeld }), [selected, handlers]);
    return (
      <div
        ref={ref}
        tabIndex={-1}
        aria-busy={loading}
        className={selectable ? 'members-page__table-wrap members-page__table-wrap--selectable' : 'members-page__table-wrap'}
        onMouseDown={(event) => {
          const row = (event.target as HTMLElement).closest('tr')?.querySelector<HTMLElement>('[data-member-id]');
          if (selectable && row && event.button === 0 && !event.shiftKey) handlers.onDragStarted(Number(row.dataset.memberId));
        }}
      >
        <SelectionContext value={selection}>
          <RowsTable {...table} />
        </SelectionContext>
        {loading && (
          <div className="members-page__loading">
            <i className="pi pi-spin pi-spinner" aria-hidden="true" />
          </div>
        )}
      </div>
    );
  }),
);
