import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { pathTo } from '../../../app/routes';
import './ops.css';

export interface RobotLogsFrameProps {
  /** The address's search, kept when switching between browse and chart. */
  search: string;
  filterBar: ReactNode;
  children: ReactNode;
}

/** The robot logs' title, the browse and chart tabs (the filters go along), and the filters over either. */
export function RobotLogsFrame({ search, filterBar, children }: RobotLogsFrameProps) {
  return (
    <section className="ops-page robot-logs" aria-labelledby="robot-logs-title">
      <h1 id="robot-logs-title">Robot logs</h1>
      <nav className="ops-tabs" aria-label="Robot log views">
        <NavLink className="ops-tabs__tab" to={{ pathname: pathTo('superadmin_robot_logs_browse'), search }}>
          <span className="pi pi-list" aria-hidden="true" />
          Browse
        </NavLink>
        <NavLink className="ops-tabs__tab" to={{ pathname: pathTo('superadmin_robot_logs_chart'), search }}>
          <span className="pi pi-chart-line" aria-hidden="true" />
          Chart
        </NavLink>
      </nav>
      {filterBar}
      {children}
    </section>
  );
}
