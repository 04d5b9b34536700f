import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { lazy, memo, Suspense, useEffect, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import type { MemberListEvent } from '../../../machines/memberList/machine';
import type { MemberListName } from '../../../machines/memberList/moves';
import { MEMBER_LIST_TABS, MEMBER_PER_PAGE_OPTIONS } from '../../../rules/memberLists';
import type { MembersPageView } from '../../../machines/memberList/selectors';
import { ListPaginator } from '../../ui/ListPaginator';
import { MEMBER_LIST_DESCRIPTIONS, TAB_TITLES } from './memberColumns';
import { MembersTable, type MembersTableHandlers } from './MembersTable';
import { MembersToolbar } from './MembersToolbar';
import { MemberTabs } from './MemberTabs';
import { MoveToast } from './MoveToast';
import { RemovalLimits } from './RemovalLimits';
import { SAVED_VIEWS, type SavedViewId } from './savedViews';
import './members.css';

/** The removal dialogs, with PrimeReact's Dialog, load just after the page: the page's first download stays inside its budget. */
const RemovalDialogs = lazy(async () => ({ default: (await import('./RemovalDialogs')).RemovalDialogs }));

export interface MembersViewProps {
  /** What the page shows: `membersPageView` of the member-list statechart. */
  view: MembersPageView;
  send: (event: MemberListEvent) => void;
  /** What the search box shows; the list query lets it into the address after typing pauses. */
  typedText: string;
  onSearchTyped: (value: string) => void;
  /** A tab was chosen: the route opens that list. */
  onListChosen: (list: MemberListName) => void;
  /** The address of each list, which its tab links to. */
  listHref: (list: MemberListName) => string;
  onSortChanged: (sortBy: string, direction: 'asc' | 'desc') => void;
  onPageChanged: (page: number, perPage: number) => void;
  /** Paid and subscription columns show once the payment-account onboarding is completed. */
  showPayments: boolean;
  /** The purchase page, where the free-removals bar and the upgrade modal lead. */
  upgradeHref: string;
  onUpgrade: () => void;
  /** Shown under the header, above the lists: the held departures of a members scan, when there are some. */
  notice?: ReactNode;
  /** The saved view shown (with the payment columns only), and the choice of another. */
  savedView?: { chosen: SavedViewId | null; onChosen: (id: SavedViewId | null) => void };
}

/** The table's and the paginator's handlers, the same functions for the page's life, each calling what the latest render was given. */
function useStableHandlers(send: MembersViewProps['send'], onSortChanged: MembersViewProps['onSortChanged'], onPageChanged: MembersViewProps['onPageChanged']) {
  const latest = useRef({ send, onSortChanged, onPageChanged });
  useLayoutEffect(() => {
    latest.current = { send, onSortChanged, onPageChanged };
  });
  return useMemo(
    () => ({
      table: {
        onSortChanged: (sortBy, direction) => latest.current.onSortChanged(sortBy, direction),
        onToggle: (id) => latest.current.send({ type: 'members.select.toggled', id }),
        onRangeChosen: (id) => latest.current.send({ type: 'members.select.range', id }),
        onDragStarted: (id) => latest.current.send({ type: 'members.drag.started', id }),
        onRowEntered: (id) => latest.current.send({ type: 'members.drag.entered', id }),
      } satisfies MembersTableHandlers,
      onPageChanged: (page: number, perPage: number) => latest.current.onPageChanged(page, perPage),
    }),
    [],
  );
}

/** The paginator renders again only when the page, its size or the total changes, not on a selection. */
const Paginator = memo(ListPaginator);

/** The members page: tabs per list, the selection and its moves, the table and the removal flow. */
export function MembersView(props: MembersViewProps) {
  const { view, send, typedText, onSearchTyped, onListChosen, listHref, onSortChanged, onPageChanged, showPayments, upgradeHref, onUpgrade, notice, savedView } = props;
  const { dragging, toolbar } = view;
  const tableRef = useRef<HTMLDivElement>(null);
  const toastSeq = view.toast?.seq;
  const handlers = useStableHandlers(send, onSortChanged, onPageChanged);

  // After a move, an undo or a removal the moved rows are gone from the page: focus goes back to the table, not to the page's start.
  useEffect(() => {
    if (toastSeq !== undefined) tableRef.current?.focus({ preventScroll: true });
  }, [toastSeq]);

  useEffect(() => {
    if (!dragging) return;
    const endDrag = () => send({ type: 'members.drag.ended' });
    window.addEventListener('mouseup', endDrag);
    return () => window.removeEventListener('mouseup', endDrag);
  }, [dragging, send]);

  const tabs = MEMBER_LIST_TABS.map((list) => {
    const badge = view.badges[list];
    return { list, label: badge ? `${TAB_TITLES[list]} (${badge})` : TAB_TITLES[list] };
  });

  return (
    <section className="members-page" aria-labelledby="members-title">
      <header className="members-page__header">
        <h1 id="members-title">Members</h1>
        <span className="members-page__search p-input-icon-left">
          <i className="pi pi-search" aria-hidden="true" />
          <input
            className="p-inputtext p-component"
            value={typedText}
            placeholder="Type here to Search Member"
            aria-label="Search members"
            onChange={(event) => onSearchTyped(event.target.value)}
          />
        </span>
        {showPayments && savedView && (
          <select
            className="members-page__saved-view p-inputtext"
            aria-label="Saved view"
            value={savedView.chosen ?? ''}
            onChange={(event) => savedView.onChosen((event.target.value || null) as SavedViewId | null)}
          >
            <option value="">Everyone, paying or not</option>
            {SAVED_VIEWS.map(({ id, label }) => (
              <option key={id} value={id}>
                {label}
              </option>
            ))}
          </select>
        )}
        <Button
          label={view.exporting ? 'Exporting...' : 'Export CSV'}
          icon="pi pi-download"
          outlined
          loading={view.exporting}
          disabled={!view.canExport}
          onClick={() => send({ type: 'members.export' })}
        />
      </header>
      {notice}
      <MemberTabs tabs={tabs} active={view.list} hrefOf={listHref} onChosen={onListChosen} panelId="members-list-panel" />
      <div id="members-list-panel" role="tabpanel" aria-labelledby={`members-tab-${view.list}`} className="members-page__panel">
      <p className="members-page__description">
        {view.list === 'all_members' ? 'Every member of the group, in whichever list.' : MEMBER_LIST_DESCRIPTIONS[view.list]}
      </p>
      {view.notice && <Message className="members-page__notice" severity="error" text={view.notice} />}
      {view.limitsPlan && (
        <RemovalLimits plan={view.limitsPlan} limits={view.limits} recommendation={view.recommendation} upgradeHref={upgradeHref} onUpgrade={onUpgrade} />
      )}
      {toolbar && (
        <MembersToolbar
          toolbar={toolbar}
          onSelectAll={() => send({ type: 'members.select.all' })}
          onSelectNone={() => send({ type: 'members.select.none' })}
          onInvert={() => send({ type: 'members.select.invert' })}
          onMove={(move) => send({ type: 'members.move', move })}
          onRemove={() => send({ type: 'members.remove' })}
        />
      )}
      {view.loadFailure !== null ? (
        <div role="alert" className="members-page__error">
          <p>The members could not be loaded: {view.loadFailure}</p>
          <Button label="Try again" onClick={() => send({ type: 'members.reload' })} />
        </div>
      ) : (
        <MembersTable
          ref={tableRef}
          list={view.list}
          rows={view.rows}
          selected={view.selected}
          loading={view.loading}
          sortBy={view.sortBy}
          sortDirection={view.sortDirection}
          searching={view.search !== ''}
          selectable={toolbar !== null}
          showPayments={showPayments}
          handlers={handlers.table}
        />
      )}
      {view.total !== null && (
        <Paginator
          className="members-page__pagination"
          page={view.page}
          perPage={view.perPage}
          total={view.total}
          perPageOptions={MEMBER_PER_PAGE_OPTIONS}
          onPageChange={handlers.onPageChanged}
        />
      )}
      </div>
      <Suspense fallback={null}>
        <RemovalDialogs
          dialog={view.dialog}
          recommendation={view.recommendation}
          onConfirm={() => send({ type: 'members.removal.confirmed' })}
          onConfirmMove={() => send({ type: 'members.move.confirmed' })}
          onClose={() => send({ type: 'members.dialog.closed' })}
          onUpgrade={onUpgrade}
        />
      </Suspense>
      <MoveToast toast={view.toast} onUndo={() => send({ type: 'members.undo' })} onDismiss={() => send({ type: 'members.outcome.dismissed' })} />
    </section>
  );
}
