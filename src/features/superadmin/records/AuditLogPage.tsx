import { useState } from 'react';
import { Link, useLoaderData } from 'react-router-dom';
import type { ApiClient } from '../../../api/client';
import { pathTo } from '../../../app/routes';
import { AUDIT_LOG_KIND_LABELS, AUDIT_LOG_KINDS, describeAuditLog, type AuditLog, type AuditLogKind } from '../../../ui/auditLogKinds';
import { DisplayDate } from '../../../ui/DisplayDate';
import { LightTable, type LightColumn, type SortDirection } from '../../../ui/LightTable';
import { ListPaginator } from '../../../ui/ListPaginator';
import { MemberPicker } from '../../../ui/MemberPicker';
import { countOf } from '../../../ui/plural';
import { SUPERVISOR_AUDIT_LOG_PER_PAGE_OPTIONS, type SupervisorAuditLogSortField } from '../../../../rules/supervisorLists';
import { MemberLabel, MemberLookupProvider } from '../memberLookup/MemberLabel';
import { createMemberLookup, lookupMembersThrough } from '../memberLookup/memberLookup';
import { AUDIT_LOG_QUERY_DEFAULTS, readAuditLogRequest, type AuditLogRequest } from './auditLogFilters';
import { pipeParam } from './listFilters';
import type { AuditLogData, RecordNames } from './recordsLoaders';
import { useRecordPicker, type RecordPicker } from './recordSearch';
import { FilterBar, LoadFailed, RecordsPage, sortedBy } from './RecordsUi';
import { useRecordsList } from './useRecordsList';

export type AuditLogFilterName = 'kind' | 'from';

export interface AuditLogPageProps {
  /** The filters as chosen: the controls answer at once, while the rows wait for their data. */
  query: AuditLogRequest;
  result: AuditLogData['result'];
  /** The kinds that occur, from the last answer, kept while a new page loads. */
  kindsInLog: readonly AuditLogKind[];
  /** The names of the groups and users the rows name by id. */
  names: RecordNames;
  /** What the 'to' date shows while it settles. */
  toDate: string;
  pickers: { member: RecordPicker; group: RecordPicker; user: RecordPicker };
  reloading: boolean;
  onFilter(name: AuditLogFilterName, value: string): void;
  onToDate(value: string): void;
  onSort(field: SupervisorAuditLogSortField, direction: SortDirection): void;
  onReset(): void;
  onPageChange(page: number, perPage: number): void;
  zone?: string;
}

/** The kind checkboxes: the kinds that occur and any the address asks for, in the contract's order. */
function KindFilter({ kindsInLog, selected, onChange }: { kindsInLog: readonly AuditLogKind[]; selected: readonly AuditLogKind[]; onChange(kinds: AuditLogKind[]): void }) {
  const offered = AUDIT_LOG_KINDS.filter((kind) => kindsInLog.includes(kind) || selected.includes(kind));
  if (offered.length === 0) return null;
  const toggle = (kind: AuditLogKind, checked: boolean) =>
    onChange(AUDIT_LOG_KINDS.filter((other) => (other === kind ? checked : selected.includes(other))));
  return (
    <details className="records__kinds" open={selected.length > 0 || undefined}>
      <summary>{selected.length > 0 ? `Events (${selected.length} chosen)` : 'Events'}</summary>
      <fieldset className="records__checks" aria-label="Events">
        {offered.map((kind) => (
          <label key={kind} className="records__check">
            <input type="checkbox" checked={selected.includes(kind)} onChange={(event) => toggle(kind, event.target.checked)} />
            {AUDIT_LOG_KIND_LABELS[kind]}
          </label>
        ))}
      </fieldset>
    </details>
  );
}

function DateFilter({ id, label, value, min, max, onChange }: { id: string; label: string; value: string; min?: string; max?: string; onChange(value: string): void }) {
  return (
    <div className="records__filter records__filter--date">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="date" className="p-inputtext p-component" value={value} min={min} max={max} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

/** A group or user of a record, by name when the page's names have it, else by id. */
function RecordLink({ route, id, names, noun }: { route: 'superadmin_group' | 'superadmin_user'; id: number | null | undefined; names: ReadonlyMap<number, string>; noun: string }) {
  if (!id) return <span aria-label="none">—</span>;
  return <Link to={pathTo(route, { id: String(id) })}>{names.get(id) ?? `${noun} #${id}`}</Link>;
}

/** Who did it: the user, or '{supervisor} as {user}' when a supervisor switched into the user did it. */
function ActedBy({ log, names }: { log: AuditLog; names: ReadonlyMap<number, string> }) {
  const user = <RecordLink route="superadmin_user" id={log.user_id} names={names} noun="User" />;
  if (!log.switched_by_user_id) return user;
  return (
    <span>
      <RecordLink route="superadmin_user" id={log.switched_by_user_id} names={names} noun="User" /> as {user}
    </span>
  );
}

/** /superadmin/audit_logs: every group's and user's records, newest first, by kind, member, group, user and days. */
export function AuditLogPage(props: AuditLogPageProps) {
  const { query, result, reloading, onFilter, zone } = props;
  const sort = sortedBy(query, props.onSort);
  const columns: Array<LightColumn<AuditLog>> = [
    { key: 'date', header: 'Date', sort: sort('created_at'), body: (log) => <DisplayDate iso={log.created_at} zone={zone} /> },
    { key: 'event', header: 'Event', sort: sort('kind'), body: (log) => describeAuditLog(log) },
    {
      key: 'member',
      header: 'Member',
      body: (log) =>
        log.member_id ? (
          <Link to={pathTo('superadmin_member', { id: String(log.member_id) })} className="records__label-link">
            <MemberLabel memberId={log.member_id} groupId={log.group_id ?? null} member={log.member} />
          </Link>
        ) : (
          <span aria-label="none">—</span>
        ),
    },
    { key: 'group', header: 'Group', body: (log) => <RecordLink route="superadmin_group" id={log.group_id} names={props.names.groups} noun="Group" /> },
    { key: 'user', header: 'By', body: (log) => <ActedBy log={log} names={props.names.users} /> },
  ];
  return (
    <RecordsPage title="Audit logs" labelledBy="superadmin-audit-title" count={result.kind === 'loaded' ? countOf(result.data.count, 'record') : undefined}>
      <FilterBar label="Filter the audit log" onReset={props.onReset}>
        <MemberPicker inputId="audit-member" {...props.pickers.member} />
        <MemberPicker inputId="audit-group" label="Group" {...props.pickers.group} />
        <MemberPicker inputId="audit-user" label="User" {...props.pickers.user} />
        <DateFilter id="audit-from" label="From" value={query.from ?? ''} max={props.toDate || undefined} onChange={(value) => onFilter('from', value)} />
        <DateFilter id="audit-to" label="To" value={props.toDate} min={query.from} onChange={props.onToDate} />
        <KindFilter kindsInLog={props.kindsInLog} selected={query.kind ?? []} onChange={(kinds) => onFilter('kind', pipeParam(kinds))} />
      </FilterBar>
      {result.kind === 'failed' ? (
        <LoadFailed what="The audit log" result={result} />
      ) : (
        <>
          <div className="records__audit">
            <LightTable rows={result.data.audit_logs} rowKey={(log) => log.id} columns={columns} loading={reloading} emptyMessage="No records found." ariaLabel="Audit log" />
          </div>
          <ListPaginator
            className="records__paginator"
            page={query.page}
            perPage={query.per_page}
            total={result.data.count}
            perPageOptions={SUPERVISOR_AUDIT_LOG_PER_PAGE_OPTIONS}
            onPageChange={props.onPageChange}
          />
        </>
      )}
    </RecordsPage>
  );
}

export function AuditLogRoute({ api }: { api: ApiClient }) {
  const { result, picked, names } = useLoaderData() as AuditLogData;
  const list = useRecordsList({ defaults: AUDIT_LOG_QUERY_DEFAULTS, toDateFilter: 'to' });
  const [lookup] = useState(() => createMemberLookup(lookupMembersThrough(api)));
  const query = readAuditLogRequest(new URLSearchParams(list.query));
  const setter = (filter: 'member_id' | 'group_id' | 'user_id') => (value: string) => list.setFilter(filter, value);
  const pickers = {
    member: useRecordPicker(api, 'members', { id: query.member_id, loaded: picked.member }, setter('member_id')),
    group: useRecordPicker(api, 'groups', { id: query.group_id, loaded: picked.group }, setter('group_id')),
    user: useRecordPicker(api, 'users', { id: query.user_id, loaded: picked.user }, setter('user_id')),
  };
  return (
    <MemberLookupProvider lookup={lookup}>
      <AuditLogPage
        query={query}
        result={result}
        kindsInLog={result.kind === 'loaded' ? result.data.kinds : []}
        names={names}
        toDate={list.pickedToDate}
        pickers={pickers}
        reloading={list.reloading}
        onFilter={list.setFilter}
        onToDate={list.pickToDate}
        onSort={list.sort}
        onReset={list.reset}
        onPageChange={list.changePage}
      />
    </MemberLookupProvider>
  );
}
