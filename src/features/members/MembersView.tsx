import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable, type DataTableSortEvent } from 'primereact/datatable';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { TabMenu } from 'primereact/tabmenu';
import { Tag } from 'primereact/tag';
import { useEffect, useMemo, type ReactNode } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { Member } from '../../../machines/memberList/actors';
import type { memberListMachine, MemberListEvent } from '../../../machines/memberList/machine';
import { MOVE_LABELS, RECOMMENDED_REMOVALS } from '../../../machines/memberList/moves';
import {
  failureOf,
  isBusy,
  isLoadingMembers,
  isMembersFailure,
  isRemovingMembers,
  isUpgradeHighlighted,
  jobNoticeOf,
  membersOf,
  modalOf,
  moveButtonsOf,
  removeButtonOf,
  selectionOf,
  tabBadgeOf,
} from '../../../machines/memberList/selectors';
import type { MemberListName } from '../../../machines/memberList/moves';
import type { RobotSnapshot } from '../../../machines/robot/selectors';
import { DisplayDate } from '../../ui/DisplayDate';
import { FreeRemovalsBar } from '../../ui/FreeRemovalsBar';
import { ListPaginator } from '../../ui/ListPaginator';
import {
  EMPTY_LIST_TEXTS,
  MEMBER_LIST_DESCRIPTIONS,
  PAGE_TABS,
  PER_PAGE_OPTIONS,
  SORTABLE_COLUMNS,
  subscriptionSeverity,
  TAB_TITLES,
  usd,
} from './memberColumns';
import { RemovalDialogs } from './RemovalDialogs';
import './members.css';

export interface MembersViewProps {
  snapshot: SnapshotFrom<typeof memberListMachine>;
  /** The app's robot, whose job for this group and availability the page shows. */
  robot: RobotSnapshot;
  send: (event: MemberListEvent) => void;
  /** What the search box shows; the list query lets it into the address after typing pauses. */
  typedText: string;
  onSearchTyped: (value: string) => void;
  /** A tab was chosen: the route opens that list. */
  onListChosen: (list: MemberListName) => void;
  onSortChanged: (sortBy: string, direction: 'asc' | 'desc') => void;
  onPageChanged: (page: number, perPage: number) => void;
  /** Paid and subscription columns show once the payment-account onboarding is completed. */
  showPayments: boolean;
  /** The CSV export is downloading. */
  exporting: boolean;
  onExport: () => void;
  /** The purchase page, where the free-removals bar and the upgrade modal lead. */
  upgradeHref: string;
  onUpgrade: () => void;
  /** Shown under the header, above the lists: the held departures of a members scan, when there are some. */
  notice?: ReactNode;
}

/** The members page: tabs per list, the selection and its moves, the table and the removal flow. */
export function MembersView(props: MembersViewProps) {
  const {
    snapshot,
    robot,
    send,
    typedText,
    onSearchTyped,
    onListChosen,
    onSortChanged,
    onPageChanged,
    showPayments,
    exporting,
    onExport,
    upgradeHref,
    onUpgrade,
    notice,
  } = props;
  const { query, page, group, preview } = snapshot.context;
  const selection = selectionOf(snapshot);
  const members = membersOf(snapshot);
  const jobNotice = jobNoticeOf(snapshot, robot);
  const failure = failureOf(snapshot);
  const removeButton = removeButtonOf(snapshot, robot);
  const dragging = snapshot.matches({ list: { ready: 'dragging' } });
  const limits = page?.removal_limits ?? null;
  // DataTable redraws a cell only when its record's content changes, so each record says whether it is selected.
  const rows = useMemo(() => members.map((member) => ({ ...member, selected: selection.includes(member.id) })), [members, selection]);

  useEffect(() => {
    if (!dragging) return;
    const endDrag = () => send({ type: 'members.drag.ended' });
    window.addEventListener('mouseup', endDrag);
    return () => window.removeEventListener('mouseup', endDrag);
  }, [dragging, send]);

  const tabs = PAGE_TABS.map((list) => {
    const badge = tabBadgeOf(snapshot, list);
    return { label: badge ? `${TAB_TITLES[list]} (${badge})` : TAB_TITLES[list] };
  });
  const onSort = (event: DataTableSortEvent) => onSortChanged(String(event.sortField), event.sortOrder === -1 ? 'desc' : 'asc');
  const selectBody = (member: Member & { selected: boolean }) => (
    <input
      type="checkbox"
      aria-label={`Select ${member.name}`}
      checked={member.selected}
      onChange={() => send({ type: 'members.select.toggled', id: member.id })}
      onMouseDown={(event) => {
        if (event.shiftKey) send({ type: 'members.drag.started', id: member.id });
      }}
    />
  );
  const selectionControls = [
    { label: 'Select all', event: { type: 'members.select.all' } },
    { label: 'Select none', event: { type: 'members.select.none' } },
    { label: 'Invert', event: { type: 'members.select.invert' } },
  ] as const;

  return (
    <section className="members-page" aria-labelledby="members-title">
      <header className="members-page__header">
        <h1 id="members-title">Members</h1>
        <span className="members-page__search p-input-icon-left">
          <i className="pi pi-search" aria-hidden="true" />
          <InputText
            value={typedText}
            placeholder="Type here to Search Member"
            aria-label="Search members"
            onChange={(event) => onSearchTyped(event.target.value)}
          />
        </span>
        <Button label={exporting ? 'Exporting...' : 'Export CSV'} icon="pi pi-download" outlined loading={exporting} disabled={exporting} onClick={onExport} />
      </header>
      {notice}
      <TabMenu model={tabs} activeIndex={Math.max(0, PAGE_TABS.indexOf(query.list))} onTabChange={(event) => onListChosen(PAGE_TABS[event.index])} />
      <p className="members-page__description">
        {query.list === 'all_members' ? 'Every member of the group, in whichever list.' : MEMBER_LIST_DESCRIPTIONS[query.list]}
      </p>
      {failure && !isMembersFailure(snapshot) && <Message className="members-page__notice" severity="error" text={failure} />}
      {limits && removeButton.shown && (
        <div className="members-page__limits">
          {group.isPaid ? (
            <span>
              {limits.current.left} removals left now ({limits.daily.left} today, {limits.weekly.left} this week)
            </span>
          ) : (
            <a className="members-page__free-removals" href={upgradeHref} onClick={(event) => {
                event.preventDefault();
                onUpgrade();
              }}>
              <span>
                {limits.free.left} of {limits.free.limit} free removals left
              </span>
              <FreeRemovalsBar left={limits.free.left} limit={limits.free.limit} />
            </a>
          )}
          <span className="members-page__recommendation">
            We recommend removing no more than {RECOMMENDED_REMOVALS.daily} members a day and {RECOMMENDED_REMOVALS.weekly} a week.
          </span>
        </div>
      )}
      {query.list === 'all_members' && jobNotice && (
        <p className="members-page__job" role="status">
          <i className="pi pi-spin pi-sync" aria-hidden="true" /> {jobNotice}
        </p>
      )}
      {query.list !== 'all_members' && (
        <div className="members-page__toolbar" role="toolbar" aria-label="Member actions">
          <span className="members-page__selected">{selection.length} selected</span>
          {selectionControls.map(({ label, event }) => (
            <Button key={label} label={label} text size="small" onClick={() => send(event)} disabled={!snapshot.can(event)} />
          ))}
          <span className="members-page__actions">
            {moveButtonsOf(snapshot).map(({ move, enabled }) => (
              <Button
                key={move}
                label={MOVE_LABELS[move]}
                size="small"
                outlined
                severity={move === 'remove' ? 'danger' : undefined}
                disabled={!enabled}
                loading={snapshot.matches({ list: { ready: 'moving' } })}
                onClick={() => send({ type: 'members.move', move })}
              />
            ))}
            {removeButton.shown && (
              <Button
                label="Remove Members"
                icon="pi pi-user-minus"
                size="small"
                severity="danger"
                disabled={!removeButton.enabled}
                loading={isBusy(snapshot) && !snapshot.matches({ list: { ready: 'moving' } })}
                aria-describedby={removeButton.reason ? 'members-robot-reason' : undefined}
                onClick={() => send({ type: 'members.remove' })}
              />
            )}
            {jobNotice && (
              <span className="members-page__job" role="status">
                <i className="pi pi-spin pi-sync" aria-hidden="true" /> {jobNotice}
              </span>
            )}
            {removeButton.shown && removeButton.reason && (
              <span id="members-robot-reason" className="members-page__reason">
                <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {removeButton.reason}
              </span>
            )}
          </span>
        </div>
      )}
      {isMembersFailure(snapshot) ? (
        <div role="alert" className="members-page__error">
          <p>The members could not be loaded: {failure}</p>
          <Button label="Try again" onClick={() => send({ type: 'members.reload' })} />
        </div>
      ) : (
        <DataTable
          value={rows}
          dataKey="id"
          lazy
          loading={isLoadingMembers(snapshot) || isRemovingMembers(snapshot)}
          sortField={query.sort_by}
          sortOrder={query.sort_direction === 'desc' ? -1 : 1}
          onSort={onSort}
          emptyMessage={query.search ? 'Not found' : EMPTY_LIST_TEXTS[query.list]}
          rowClassName={(member: Member & { selected: boolean }) => (member.selected ? 'members-page__row--selected' : '')}
          onRowMouseEnter={(event) => {
            if (dragging) send({ type: 'members.drag.entered', id: (event.data as Member).id });
          }}
          className="members-page__table"
          aria-label={`${TAB_TITLES[query.list]} members`}
        >
          {query.list !== 'all_members' && <Column header="Select" body={selectBody} style={{ width: '3rem' }} />}
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
      )}
      {page && (
        <ListPaginator
          className="members-page__pagination"
          page={query.page}
          perPage={query.per_page}
          total={page.count}
          perPageOptions={PER_PAGE_OPTIONS}
          onPageChange={onPageChanged}
        />
      )}
      <RemovalDialogs
        modal={modalOf(snapshot)}
        preview={preview}
        limits={limits}
        selected={selection.length}
        upgradeHighlighted={isUpgradeHighlighted(snapshot)}
        onConfirm={() => send({ type: 'members.removal.confirmed' })}
        onClose={() => send({ type: 'members.dialog.closed' })}
        onUpgrade={onUpgrade}
      />
    </section>
  );
}
