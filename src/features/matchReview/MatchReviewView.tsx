import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Message } from 'primereact/message';
import { useEffect } from 'react';
import type { MatchReviewEvent } from '../../../machines/matchReview/machine';
import type { CustomerRow, MatchRow, MatchReviewView as MatchReviewViewModel, MemberCell } from '../../../machines/matchReview/selectors';
import type { MemberMatch } from '../../api/memberSearch';
import { EntityAvatar } from '../../ui/EntityAvatar';
import { LightTable, type LightColumn, type SortDirection } from '../../ui/LightTable';
import { ListPaginator } from '../../ui/ListPaginator';
import { MemberPicker } from '../../ui/MemberPicker';
import { SubscriptionBadge } from '../../ui/SubscriptionBadge';
import { MatchReviewDialogs } from './MatchReviewDialogs';
import './matchReview.css';

export interface MatchReviewViewProps {
  /** What the review shows: `matchReviewView` of the match-review statechart. */
  view: MatchReviewViewModel;
  send: (event: MatchReviewEvent) => void;
  memberSuggestions: MemberMatch[];
  onMemberSearch: (text: string) => void;
}

function Member({ member }: { member: MemberCell }) {
  return (
    <span className="match-review__member">
      <EntityAvatar name={member.name} imageUrl={member.avatarUrl} />
      {member.name}
    </span>
  );
}

function CustomersTable({ view, send }: Pick<MatchReviewViewProps, 'view' | 'send'>) {
  const columns: Array<LightColumn<CustomerRow>> = [
    { key: 'customer', header: 'Customer', body: (row) => row.customer },
    { key: 'paid', header: 'Paid', body: (row) => row.paid },
    { key: 'subscription', header: 'Subscription', body: (row) => row.subscription ?? '' },
    { key: 'status', header: 'Status', body: (row) => <SubscriptionBadge status={row.status} /> },
    {
      key: 'member',
      header: 'Member',
      body: (row) =>
        row.member ? (
          <span className="match-review__member-action">
            <Member member={row.member} />
            <Button
              type="button"
              icon="pi pi-times"
              text
              rounded
              severity="danger"
              aria-label={`Remove ${row.member.name} from the customer`}
              disabled={!row.canRemoveMember}
              onClick={() => send({ type: 'review.member.remove', customerId: row.id })}
            />
          </span>
        ) : (
          '—'
        ),
    },
  ];
  return (
    <LightTable rows={view.customers} rowKey={(row) => row.id} columns={columns} loading={view.loading} emptyMessage={view.emptyText} ariaLabel={view.title} />
  );
}

function MatchesTable({ view, send }: Pick<MatchReviewViewProps, 'view' | 'send'>) {
  const selectable = view.selection !== null;
  const columns: Array<LightColumn<MatchRow>> = [
    ...(selectable
      ? [
          {
            key: 'select',
            header: 'Select',
            style: { width: '3rem' },
            body: (row: MatchRow) => (
              <Checkbox
                aria-label={`Select ${row.member.name} and ${row.customer}`}
                checked={row.selected}
                onChange={() => send({ type: 'review.select.toggled', matchId: row.matchId })}
              />
            ),
          },
        ]
      : []),
    {
      key: 'member',
      header: 'Member',
      body: (row) => (
        <span data-match-id={row.matchId}>
          <Member member={row.member} />
        </span>
      ),
    },
    ...(view.showsSimilarity
      ? [
          {
            key: 'similarity',
            header: 'Similarity',
            sort: { direction: view.sort?.direction ?? null, onSort: (direction: SortDirection) => send({ type: 'review.sort.changed', by: 'score', direction }) },
            body: (row: MatchRow) => (
              <span className="match-review__score">
                {row.percent}%<small className="match-review__reason">{row.reason}</small>
              </span>
            ),
          },
        ]
      : []),
    { key: 'customer', header: 'Customer', body: (row) => row.customer },
    {
      key: 'actions',
      header: 'Actions',
      body: (row) => (
        <span className="match-review__row-actions">
          {row.actions.map(({ action, label, enabled }) => (
            <Button
              key={action}
              type="button"
              label={label}
              size="small"
              outlined={action !== 'link'}
              severity={action === 'reject' || action === 'unlink' ? 'danger' : undefined}
              disabled={!enabled}
              aria-label={`${label} ${row.member.name} and ${row.customer}`}
              onClick={() => send({ type: 'review.row.action', action, matchId: row.matchId })}
            />
          ))}
        </span>
      ),
    },
  ];
  return (
    <div
      className={selectable ? 'match-review__table match-review__table--selectable' : 'match-review__table'}
      onMouseDown={(event) => {
        const row = (event.target as HTMLElement).closest('tr')?.querySelector<HTMLElement>('[data-match-id]');
        const onControl = (event.target as HTMLElement).closest('button, input, .p-checkbox');
        if (selectable && row && !onControl && event.button === 0) send({ type: 'review.drag.started', matchId: Number(row.dataset.matchId) });
      }}
    >
      <LightTable
        rows={view.matches}
        rowKey={(row) => row.matchId}
        columns={columns}
        loading={view.loading}
        emptyMessage={view.emptyText}
        ariaLabel={view.title}
        rowClassName={(row) => (row.selected ? 'match-review__row--selected' : '')}
        onRowMouseEnter={view.dragging ? (row) => send({ type: 'review.drag.entered', matchId: row.matchId }) : undefined}
      />
    </div>
  );
}

/** The review of the payment account's customers and match suggestions (part 2 §2): tabs, the member filter, the table, the pages. */
export function MatchReviewView({ view, send, memberSuggestions, onMemberSearch }: MatchReviewViewProps) {
  const { dragging, selection } = view;
  useEffect(() => {
    if (!dragging) return;
    const endDrag = () => send({ type: 'review.drag.ended' });
    window.addEventListener('mouseup', endDrag);
    return () => window.removeEventListener('mouseup', endDrag);
  }, [dragging, send]);

  return (
    <section className="match-review" aria-labelledby="match-review-title">
      <h2 id="match-review-title" className="match-review__title">
        {view.title}
      </h2>
      <div className="match-review__tabs" role="tablist" aria-label="Match lists">
        {view.tabs.map((tab) => (
          <button
            key={tab.list}
            type="button"
            role="tab"
            aria-selected={tab.selected}
            disabled={tab.disabled}
            className={tab.selected ? 'match-review__tab match-review__tab--selected' : 'match-review__tab'}
            onClick={() => send({ type: 'review.tab.changed', list: tab.list })}
          >
            {tab.label}
            {tab.count !== null && <span className="match-review__count">{tab.count}</span>}
          </button>
        ))}
      </div>
      <div className="match-review__filters">
        <MemberPicker
          inputId="match-review-member"
          selected={view.memberFilter}
          suggestions={memberSuggestions}
          onSearch={onMemberSearch}
          onChange={(member) => send({ type: 'review.member.changed', member: member && { id: member.id, name: member.name } })}
        />
      </div>
      {selection && (
        <div className="match-review__toolbar" role="toolbar" aria-label="Match actions">
          <span className="match-review__selected">{selection.count} selected</span>
          <Button label="Select all" text size="small" disabled={!selection.selectAll} onClick={() => send({ type: 'review.select.all' })} />
          <Button label="Select none" text size="small" disabled={!selection.selectNone} onClick={() => send({ type: 'review.select.none' })} />
          <Button label="Invert" text size="small" disabled={!selection.invert} onClick={() => send({ type: 'review.select.invert' })} />
          {selection.bulk.map(({ action, label, enabled }) => (
            <Button key={action} label={label} size="small" outlined disabled={!enabled} onClick={() => send({ type: 'review.bulk.action', action })} />
          ))}
        </div>
      )}
      {view.undo && (
        <div className="match-review__undo" role="status">
          <span>{view.undo.text}</span>
          <Button label="Undo" size="small" icon="pi pi-undo" onClick={() => send({ type: 'review.undo' })} />
        </div>
      )}
      {view.loadFailure !== null ? (
        <Message severity="error" text={`The list could not be loaded. ${view.loadFailure}`} />
      ) : view.table === 'customers' ? (
        <CustomersTable view={view} send={send} />
      ) : (
        <MatchesTable view={view} send={send} />
      )}
      {view.loadFailure !== null && <Button label="Try again" size="small" onClick={() => send({ type: 'review.reload' })} />}
      <ListPaginator
        className="match-review__paginator"
        page={view.page}
        perPage={view.perPage}
        total={view.total}
        perPageOptions={view.perPageOptions}
        onPageChange={(page, perPage) => send({ type: 'review.page.changed', page, perPage })}
      />
      <MatchReviewDialogs
        dialog={view.dialog}
        busy={view.busy}
        onConfirm={() => send({ type: 'review.confirmed' })}
        onClose={() => send({ type: 'review.dialog.closed' })}
      />
    </section>
  );
}
