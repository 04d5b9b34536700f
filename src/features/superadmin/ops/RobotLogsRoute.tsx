import { useLoaderData } from 'react-router-dom';
import { RobotLogFilterBar } from './RobotLogFilterBar';
import { RobotLogsFrame } from './RobotLogsFrame';
import { RobotLogsPage } from './RobotLogsPage';
import { useRobotLogQuery, type RobotLogsLoaderData } from './useRobotLogQuery';

/** /superadmin/robot_logs/browse: the robot's log lines by the filters in the address. */
export function RobotLogsRoute() {
  const { result } = useLoaderData() as RobotLogsLoaderData;
  const { list, filters, reloading, search, filterBar } = useRobotLogQuery();
  return (
    <RobotLogsFrame search={search} filterBar={<RobotLogFilterBar {...filterBar} showGroupBy />}>
      <RobotLogsPage
        filters={filters}
        result={reloading ? null : result}
        onSort={(orderBy, order) => {
          list.setFilter('order_by', orderBy);
          list.setFilter('order', order);
        }}
        onPageChange={list.changePage}
        onShowRun={(execId) => list.setFilter('exec_id', execId)}
      />
    </RobotLogsFrame>
  );
}
