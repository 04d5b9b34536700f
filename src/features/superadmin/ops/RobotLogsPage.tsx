import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import { Link } from 'react-router-dom';
import { pathTo } from '../../../app/routes';
import type { components } from '../../../api/schema';
import { DisplayDate } from '../../../ui/DisplayDate';
import { LightTable, type LightColumn, type SortDirection } from '../../../ui/LightTable';
import { ListPaginator } from '../../../ui/ListPaginator';
import { countOf } from '../../../ui/plural';
import { GROUP_BY_LABELS } from './RobotLogFilterBar';
import type { Loaded, RobotLog, RobotLogGroup } from './loadOps';
import { ROBOT_LOG_PER_PAGE_OPTIONS, type RobotLogFilters, type RobotLogOrderBy } from './robotLogFilters';

type RobotLogsList = components['schemas']['RobotLogsList'];

export interface RobotLogsPageProps {
  filters: RobotLogFilters;
  /** null while the page of lines loads. */
  result: Loaded<RobotLogsList> | null;
  onSort(orderBy: RobotLogOrderBy, order: SortDirection): void;
  onPageChange(page: number, perPage: number): void;
  /** Narrows the lines to one run's. */
  onShowRun(execId: string): void;
  zone?: string;
}

const LEVEL_SEVERITY: Record<RobotLog['level'], 'danger' | 'warning' | 'info'> = { error: 'danger', warning: 'warning', debug: 'info' };

export function LevelTag({ level }: { level: RobotLog['level'] }) {
  return <Tag severity={LEVEL_SEVERITY[level]} value={level} />;
}

function RecordLink({ kind, id }: { kind: 'group' | 'user'; id: number | null }) {
  if (id === null) return <span className="ops-muted">none</span>;
  const to = kind === 'group' ? pathTo('superadmin_group', { id: String(id) }) : pathTo('superadmin_user', { id: String(id) });
  return <Link to={to}>{`${kind === 'group' ? 'Group' : 'User'} #${id}`}</Link>;
}

function MessageCell({ log }: { log: RobotLog }) {
  const data = log.data && Object.keys(log.data).length > 0 ? log.data : null;
  return (
    <div className="robot-logs__message">
      <span>{log.message}</span>
      {data && (
        <details>
          <summary>Data</summary>
          <pre>{JSON.stringify(data, null, 2)}</pre>
        </details>
      )}
    </div>
  );
}

function lineColumns({ filters, onSort, onShowRun, zone }: Pick<RobotLogsPageProps, 'filters' | 'onSort' | 'onShowRun' | 'zone'>): LightColumn<RobotLog>[] {
  const sort = (orderBy: RobotLogOrderBy) => ({
    direction: filters.orderBy === orderBy ? filters.order : null,
    onSort: (direction: SortDirection) => onSort(orderBy, direction),
  });
  return [
    { key: 'created_at', header: 'Date', sort: sort('created_at'), body: (log) => <DisplayDate iso={log.created_at} zone={zone} /> },
    { key: 'level', header: 'Level', sort: sort('level'), body: (log) => <LevelTag level={log.level} /> },
    { key: 'message', header: 'Message', sort: sort('message'), body: (log) => <MessageCell log={log} /> },
    { key: 'robot_version', header: 'Robot', sort: sort('robot_version'), body: (log) => log.robot_version },
    { key: 'group', header: 'Group', body: (log) => <RecordLink kind="group" id={log.group_id} /> },
    { key: 'user', header: 'User', body: (log) => <RecordLink kind="user" id={log.user_id} /> },
    {
      key: 'run',
      header: 'Run',
      body: (log) => (
        <button type="button" className="ops-link-button" title={log.exec_id} aria-label={`Show the lines of run ${log.exec_id}`} onClick={() => onShowRun(log.exec_id)}>
          {log.exec_id.slice(0, 8)}
        </button>
      ),
    },
  ];
}

function groupColumns(filters: RobotLogFilters, zone?: string): LightColumn<RobotLogGroup>[] {
  const keys: LightColumn<RobotLogGroup>[] = filters.groupBy.map((key) => ({
    key,
    header: GROUP_BY_LABELS[key],
    body: (group: RobotLogGroup) =>
      key === 'robot_version' ? (group.robot_version ?? <span className="ops-muted">none</span>) : <RecordLink kind={key === 'user_id' ? 'user' : 'group'} id={group[key] ?? null} />,
  }));
  return [
    ...keys,
    { key: 'count', header: 'Lines', body: (group) => countOf(group.count, 'line') },
    { key: 'last_at', header: 'Last line', body: (group) => <DisplayDate iso={group.last_at} zone={zone} /> },
  ];
}

const groupKey = (group: RobotLogGroup) => JSON.stringify([group.robot_version, group.user_id, group.group_id]);

function LogsBody(props: RobotLogsPageProps) {
  const { filters, result, zone } = props;
  if (!result) {
    return (
      <div className="ops-status" role="status">
        <span className="pi pi-spin pi-spinner" aria-hidden="true" /> Loading the robot logs…
      </div>
    );
  }
  if (result.kind === 'failed') return <Message severity="error" text={`The robot logs could not be loaded. ${result.reason}`} />;
  const { count } = result.data;
  if (filters.groupBy.length > 0) {
    return (
      <>
        <p className="ops-count">{countOf(count, 'group')}</p>
        <LightTable
          rows={result.data.groups}
          rowKey={groupKey}
          columns={groupColumns(filters, zone)}
          loading={false}
          emptyMessage="No robot log lines match these filters."
          ariaLabel="Robot log groups"
        />
      </>
    );
  }
  return (
    <>
      <p className="ops-count">{countOf(count, 'line')}</p>
      <div className="robot-logs__lines">
        <LightTable rows={result.data.robot_logs} rowKey={(log) => log.id} columns={lineColumns(props)} loading={false} emptyMessage="No robot log lines match these filters." ariaLabel="Robot log lines" />
      </div>
    </>
  );
}

/** The robot's log lines, newest first unless sorted otherwise, or their groups with counts; paged. */
export function RobotLogsPage(props: RobotLogsPageProps) {
  const { filters, result, onPageChange } = props;
  return (
    <>
      <LogsBody {...props} />
      <ListPaginator
        className="ops-paginator"
        page={filters.page}
        perPage={filters.perPage}
        total={result?.kind === 'loaded' ? result.data.count : 0}
        perPageOptions={ROBOT_LOG_PER_PAGE_OPTIONS}
        onPageChange={onPageChange}
      />
    </>
  );
}
