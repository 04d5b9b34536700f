import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { pathTo } from '../../../app/routes';
import { hasChartData } from '../../../ui/chartData';
import { DisplayDate } from '../../../ui/DisplayDate';
import { LineChart } from '../../../ui/LineChart';
import { countOf } from '../../../ui/plural';
import type { Loaded, Monitor } from './loadOps';
import { MONITOR_CHART_TITLES, PLAN_LABELS, PLANS_SHOWN, formatBytes, formatCount, monitorCharts, type MonitorChartKind } from './monitorFigures';
import './ops.css';

export interface MonitorPageProps {
  result: Loaded<Monitor>;
  /** The figures are being asked for again. */
  refreshing: boolean;
  onRefresh(): void;
  /** Fixed chart width for stories and tests; each card's width otherwise. */
  chartWidth?: number;
  zone?: string;
}

function Figure({ label, value, children }: { label: string; value: string; children?: ReactNode }) {
  return (
    <div className="monitor__figure">
      <dt>{label}</dt>
      <dd className="monitor__value">{value}</dd>
      {children && <dd className="monitor__detail">{children}</dd>}
    </div>
  );
}

const CHARTS: MonitorChartKind[] = ['growth', 'ingestion', 'errors', 'activity'];

function Figures({ monitor }: { monitor: Monitor }) {
  const { counts, groups_by_plan: plans, jobs, tasks } = monitor;
  const errorsLink = `${pathTo('superadmin_robot_logs_browse')}?level=error`;
  return (
    <dl className="monitor__figures" aria-label="System figures">
      <Figure label="Users" value={formatCount(counts.users)} />
      <Figure label="Groups" value={formatCount(counts.groups)}>
        <ul className="monitor__plans" aria-label="Groups by plan">
          {PLANS_SHOWN.map((plan) => (
            <li key={plan}>
              {PLAN_LABELS[plan]} <strong>{formatCount(plans[plan])}</strong>
            </li>
          ))}
        </ul>
      </Figure>
      <Figure label="Members" value={formatCount(counts.members)}>
        {countOf(counts.memberships, 'membership')}
      </Figure>
      <Figure label="Jobs running" value={formatCount(jobs.running)}>
        {formatCount(jobs.pending)} waiting · {formatCount(jobs.failed)} failed
      </Figure>
      <Figure label="Ingestion rate" value={`${formatCount(monitor.members_ingested_last_hour)} / h`}>
        members reported in the last hour
      </Figure>
      <Figure label="Errors last hour" value={formatCount(monitor.robot_errors_last_hour)}>
        <Link to={errorsLink}>See the robot's errors</Link>
      </Figure>
      <Figure label="Background tasks" value={`${formatCount(tasks.running)} running`}>
        <Link to={pathTo('superadmin_sidekiq')}>
          {formatCount(tasks.pending)} queued · {formatCount(tasks.failed)} failed
        </Link>
      </Figure>
      <Figure label="Database" value={formatBytes(monitor.db_size_bytes)}>
        {countOf(counts.posts, 'post')} · {countOf(counts.comments, 'comment')} · {countOf(counts.reactions, 'reaction')}
      </Figure>
      <Figure label="Robot log lines" value={formatCount(counts.robot_logs)}>
        {countOf(counts.audit_logs, 'audit record')}
      </Figure>
    </dl>
  );
}

function Charts({ monitor, width }: { monitor: Monitor; width?: number }) {
  const charts = monitorCharts(monitor);
  return (
    <div className="monitor__charts">
      {CHARTS.map((kind) => (
        <section key={kind} className="ops-card" aria-labelledby={`monitor-${kind}-title`}>
          <h2 id={`monitor-${kind}-title`}>{MONITOR_CHART_TITLES[kind]}</h2>
          {hasChartData(charts[kind]) ? (
            <LineChart title={MONITOR_CHART_TITLES[kind]} chart={charts[kind]} width={width} height={220} />
          ) : (
            <div className="ops-status">No data for chart yet</div>
          )}
        </section>
      ))}
    </div>
  );
}

/** The running system at a glance (spec part 2 §1): its figures now and their last days as charts. */
export function MonitorPage({ result, refreshing, onRefresh, chartWidth, zone }: MonitorPageProps) {
  return (
    <section className="ops-page monitor" aria-labelledby="monitor-title" aria-busy={refreshing}>
      <header className="ops-page__header">
        <h1 id="monitor-title">Monitor</h1>
        <div className="ops-page__actions">
          {result.kind === 'loaded' && (
            <span className="ops-muted">
              As of <DisplayDate iso={result.data.generated_at} zone={zone} />
            </span>
          )}
          <Button type="button" label="Refresh" icon="pi pi-refresh" size="small" outlined loading={refreshing} onClick={onRefresh} />
        </div>
      </header>
      {result.kind === 'failed' ? (
        <Message severity="error" text={`The figures could not be loaded. ${result.reason}`} />
      ) : (
        <>
          <Figures monitor={result.data} />
          <Charts monitor={result.data} width={chartWidth} />
        </>
      )}
    </section>
  );
}
