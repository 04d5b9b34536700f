import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Message } from 'primereact/message';
import { DisplayDate } from '../../ui/DisplayDate';
import { LightTable, type LightColumn } from '../../ui/LightTable';
import { ListPaginator } from '../../ui/ListPaginator';
import { MemberPicker } from '../../ui/MemberPicker';
import type { MemberMatch } from '../../api/memberSearch';
import { AUDIT_LOG_PER_PAGE_OPTIONS, DEFAULT_AUDIT_LOG_FILTERS, type AuditLogFilters } from './auditLogFilters';
import { AUDIT_LOG_KIND_LABELS, AUDIT_LOG_KINDS, describeAuditLog, type AuditLog, type AuditLogKind } from '../../ui/auditLogKinds';
import type { AuditLogsResult } from './loadAuditLogs';
import './auditLogs.css';

export interface AuditLogsPageProps {
  filters: AuditLogFilters;
  /** null while the records load. */
  result: AuditLogsResult | null;
  /** The kinds that occur in the group's log, from the last answer; kept while a new page loads. */
  kindsInLog: AuditLogKind[];
  /** The member the log is filtered by, as the picker shows it. */
  selectedMember: MemberMatch | null;
  memberSuggestions: MemberMatch[];
  onMemberSearch(text: string): void;
  onMemberChange(member: MemberMatch | null): void;
  onKindsChange(kinds: AuditLogKind[]): void;
  onReset(): void;
  onPageChange(page: number, perPage: number): void;
  zone?: string;
}

/** The checkboxes: the kinds that occur, and any the address asks for, in the contract's order. */
function kindOptions(kindsInLog: AuditLogKind[], selected: AuditLogKind[]): AuditLogKind[] {
  const offered = new Set<AuditLogKind>([...kindsInLog, ...selected]);
  return AUDIT_LOG_KINDS.filter((kind) => offered.has(kind));
}

function isFiltered(filters: AuditLogFilters): boolean {
  return filters.kinds.length > 0 || filters.memberId !== DEFAULT_AUDIT_LOG_FILTERS.memberId;
}

function KindFilter({ options, selected, onChange }: { options: AuditLogKind[]; selected: AuditLogKind[]; onChange(kinds: AuditLogKind[]): void }) {
  if (options.length === 0) return null;
  const toggle = (kind: AuditLogKind, checked: boolean) =>
    onChange(checked ? AUDIT_LOG_KINDS.filter((k) => k === kind || selected.includes(k)) : selected.filter((k) => k !== kind));
  return (
    <fieldset className="audit-logs__kinds">
      <legend>Events</legend>
      {options.map((kind) => (
        <div key={kind} className="audit-logs__kind">
          <Checkbox inputId={`audit-kind-${kind}`} checked={selected.includes(kind)} onChange={(event) => toggle(kind, event.checked === true)} />
          <label htmlFor={`audit-kind-${kind}`}>{AUDIT_LOG_KIND_LABELS[kind]}</label>
        </div>
      ))}
    </fieldset>
  );
}

function LogsBody({ result, zone }: { result: AuditLogsResult | null; zone?: string }) {
  if (!result) {
    return (
      <div className="audit-logs__status" role="status">
        <span className="pi pi-spin pi-spinner" aria-hidden="true" /> Loading the log…
      </div>
    );
  }
  if (result.kind === 'failed') {
    return <Message severity="error" text={`The log could not be loaded. ${result.reason}`} />;
  }
  return (
    <LightTable rows={result.logs} rowKey={(log) => log.id} columns={logColumns(zone)} loading={false} emptyMessage="No records found." ariaLabel="Actions log" />
  );
}

/** The log's columns: when, what happened (in the kind's words), and to whom. */
function logColumns(zone: string | undefined): Array<LightColumn<AuditLog>> {
  return [
    { key: 'date', header: 'Date', body: (log) => <span className="audit-logs__date"><DisplayDate iso={log.created_at} zone={zone} /></span> },
    { key: 'event', header: 'Event', body: (log) => describeAuditLog(log) },
    { key: 'member', header: 'Member', body: (log) => log.member?.name ?? '' },
  ];
}

/** The group's actions log: a table filtered by member and event kind, with pagination. */
export function AuditLogsPage(props: AuditLogsPageProps) {
  const { filters, result, kindsInLog, onKindsChange, onReset, onPageChange, zone } = props;
  const total = result?.kind === 'loaded' ? result.count : 0;
  return (
    <section className="audit-logs" aria-labelledby="audit-logs-title">
      <h1 id="audit-logs-title">Actions Log</h1>
      <div className="audit-logs__filters">
        <MemberPicker
          inputId="audit-member"
          selected={props.selectedMember}
          suggestions={props.memberSuggestions}
          onSearch={props.onMemberSearch}
          onChange={props.onMemberChange}
        />
        <KindFilter options={kindOptions(kindsInLog, filters.kinds)} selected={filters.kinds} onChange={onKindsChange} />
        <Button type="button" label="Reset" icon="pi pi-filter-slash" outlined disabled={!isFiltered(filters)} onClick={onReset} />
      </div>
      <LogsBody result={result} zone={zone} />
      <ListPaginator
        className="audit-logs__paginator"
        page={filters.page}
        perPage={filters.perPage}
        total={total}
        perPageOptions={AUDIT_LOG_PER_PAGE_OPTIONS}
        onPageChange={onPageChange}
      />
    </section>
  );
}
