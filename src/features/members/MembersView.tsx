import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable, type DataTableSortEvent } from 'primereact/datatable';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { Paginator } from 'primereact/paginator';
import { TabMenu } from 'primereact/tabmenu';
import { Tag } from 'primereact/tag';
import { useEffect, useMemo } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { Member } from '../../../machines/memberList/actors';
import type { memberListMachine, MemberListEvent } from '../../../machines/memberList/machine';
import { MEMBER_TABS, MOVE_LABELS } from '../../../machines/memberList/moves';
import {
  failureOf,
  isBusy,
  isLoadingMembers,
  isMembersFailure,
  isUpgradeHighlighted,
  jobNoticeOf,
  membersOf,
  modalOf,
  moveButtonsOf,
  selectionOf,
  tabBadgeOf,
} from '../../../machines/memberList/selectors';
import { FreeRemovalsBar } from '../../ui/FreeRemovalsBar';
import { DisplayDate } from '../../ui/DisplayDate';
import { MEMBER_LIST_DESCRIPTIONS, PAGE_LINKS, PER_PAGE_OPTIONS, SORTABLE_COLUMNS, subscriptionSeverity, TAB_TITLES, usd } from './memberColumns';
import { RemovalDialogs } from './RemovalDialogs';
import './members.css';

export interface MembersViewProps {
  snapshot: SnapshotFrom<typeof memberListMachine>;
  send: (event: MemberListEvent) => void;
  /** What the search box shows; the list query lets it into the address after typing pauses. */
  typedText: string;
  onSearchTyped: (value: string) => void;
  onFilterChanged: (name: string, value: string) => void;
  onPageChanged: (page: number) => void;
  /** Paid and subscription columns show once the payment-account onboarding is completed. */
  showPayments: boolean;
  onExport: () => void;
  onUpgrade: () => void;
}

/** The members page: tabs per list, the selection and its moves, the table and the removal flow. */
export function MembersView(props: MembersViewProps) {
  const { snapshot, send, typedText, onSearchTyped, onFilterChanged, onPageChanged, showPayments, onExport, onUpgrade } = props;
  const { query, page, group, preview } = snapshot.context;
  const selection = selectionOf(snapshot);
  const members = membersOf(snapshot);
  const jobNotice = jobNoticeOf(snapshot);
  const failure = failureOf(snapshot);
  const dragging = snapshot.matches({ list: { ready: 'dragging' } });
  // DataTable redraws a cell only when its record's content changes, so each record says whether it is selected.
  const rows = useMemo(() => members.map((member) => ({ ...member, selected: selection.includes(member.id) })), [members, selection]);

  useEffect(() => {
    if (!dragging) return;
    const endDrag = () => send({ type: 'members.drag.ended' });
    window.addEventListener('mouseup', endDrag);
    return () => window.removeEventListener('mouseup', endDrag);
  }, [dragging, send]);

  const tabs = MEMBER_TABS.map((list) => {
    const badge = tabBadgeOf(snapshot, list);
    return { label: badge ? `${TAB_TITLES[list]} (${badge})` : TAB_TITLES[list], list };
  });
  const activeTab = Math.max(0, MEMBER_TABS.indexOf(query.list));
  const onSort = (event: DataTableSortEvent) => {
    onFilterChanged('sort_by', String(event.sortField));
    onFilterChanged('sort_direction', event.sortOrder === -1 ? 'desc' : 'asc');
  };
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

  return (
    <section className="members-page" aria-labelledby="members-title">
      <h1 id="members-title">Members</h1>
      <TabMenu
        model={tabs.map(({ label }) => ({ label }))}
        activeIndex={activeTab}
        onTabChange={(event) => onFilterChanged('list', MEMBER_TABS[event.index])}
      />
      {query.list !== 'all_members' && <p className="members-page__description">{MEMBER_LIST_DESCRIPTIONS[query.list]}</p>}
      {jobNotice && (
        <Message severity="info" text={jobNotice} role="status" />
      )}
      {failure && !isMembersFailure(snapshot) && <Message severity="error" text={failure} />}
      {!group.isPaid && page && (
        <div className="members-page__free-removals">
          <span>
            {page.removal_limits.free.left} of {page.removal_limits.free.limit} free removals left
          </span>
          <FreeRemovalsBar left={page.removal_limits.free.left} limit={page.removal_limits.free.limit} />
        </div>
      )}
      <div className="members-page__toolbar" role="toolbar" aria-label="Member actions">
        <span className="p-input-icon-left">
          <InputText
            value={typedText}
            placeholder="Type here to Search Member"
            aria-label="Search members"
            onChange={(event) => onSearchTyped(event.target.value)}
          />
        </span>
        <Button label="Select all" text onClick={() => send({ type: 'members.select.all' })} disabled={!snapshot.can({ type: 'members.select.all' })} />
        <Button label="Select none" text onClick={() => send({ type: 'members.select.none' })} disabled={!snapshot.can({ type: 'members.select.none' })} />
        <Button label="Invert" text onClick={() => send({ type: 'members.select.invert' })} disabled={!snapshot.can({ type: 'members.select.invert' })} />
        {moveButtonsOf(snapshot).map(({ move, enabled }) => (
          <Button
            key={move}
            label={MOVE_LABELS[move]}
            severity={move === 'remove' ? 'danger' : undefined}
            disabled={!enabled}
            loading={isBusy(snapshot)}
            onClick={() => send(move === 'remove' ? { type: 'members.remove' } : { type: 'members.move', move })}
          />
        ))}
        <Button label="Export CSV" icon="pi pi-download" outlined onClick={onExport} />
      </div>
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
          loading={isLoadingMembers(snapshot)}
          sortField={query.sort_by}
          sortOrder={query.sort_direction === 'desc' ? -1 : 1}
          onSort={onSort}
          emptyMessage={query.search ? 'Not found' : 'No members in this list yet'}
          onRowMouseEnter={(event) => {
            if (dragging) send({ type: 'members.drag.entered', id: (event.data as Member).id });
          }}
          aria-label={`${TAB_TITLES[query.list]} members`}
        >
          <Column header="Select" body={selectBody} style={{ width: '3rem' }} />
          {SORTABLE_COLUMNS.map(({ field, header }) => (
            <Column
              key={field}
              field={field}
              header={header}
              sortable
              body={field === 'last_activity_at' || field === 'created_at' ? (member: Member) => (member[field] ? <DisplayDate iso={member[field]} /> : '—') : undefined}
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
        <div className="members-page__pagination">
          <Paginator
            first={(query.page - 1) * query.per_page}
            rows={query.per_page}
            totalRecords={page.count}
            pageLinkSize={PAGE_LINKS}
            template="PrevPageLink PageLinks NextPageLink"
            onPageChange={(event) => onPageChanged(event.page + 1)}
          />
          <label className="members-page__hint">
            Change items per page{' '}
            <select value={query.per_page} onChange={(event) => onFilterChanged('per_page', event.target.value)}>
              {PER_PAGE_OPTIONS.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          </label>
        </div>
      )}
      <RemovalDialogs
        modal={modalOf(snapshot)}
        preview={preview}
        limits={page?.removal_limits ?? null}
        selected={selection.length}
        upgradeHighlighted={isUpgradeHighlighted(snapshot)}
        onConfirm={() => send({ type: 'members.removal.confirmed' })}
        onClose={() => send({ type: 'members.dialog.closed' })}
        onUpgrade={onUpgrade}
      />
    </section>
  );
}
