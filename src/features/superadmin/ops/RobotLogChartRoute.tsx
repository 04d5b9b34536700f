import { useLoaderData } from 'react-router-dom';
import { RobotLogChartPage } from './RobotLogChartPage';
import { RobotLogFilterBar } from './RobotLogFilterBar';
import { RobotLogsFrame } from './RobotLogsFrame';
import { useRobotLogQuery, type RobotLogChartLoaderData } from './useRobotLogQuery';

/** /superadmin/robot_logs/chart: the robot's log lines per day by the filters in the address. */
export function RobotLogChartRoute() {
  const { result } = useLoaderData() as RobotLogChartLoaderData;
  const { list, filters, reloading, search, filterBar } = useRobotLogQuery();
  return (
    <RobotLogsFrame search={search} filterBar={<RobotLogFilterBar {...filterBar} showGroupBy={false} />}>
      <RobotLogChartPage variant={filters.chartVariant} result={reloading ? null : result} onVariantChange={(variant) => list.setFilter('chart_variant', variant)} />
    </RobotLogsFrame>
  );
}
