import { useLocation, useNavigation } from 'react-router-dom';
import type { components } from '../../../api/schema';
import type { ChartData } from '../../../ui/chartData';
import { useListQuery, type ListQueryHandle } from '../../../ui/useListQuery';
import type { Loaded } from './loadOps';
import type { RobotLogFilterBarProps } from './RobotLogFilterBar';
import { ROBOT_LOG_QUERY_DEFAULTS, ROBOT_LOG_TEXT_FILTER, ROBOT_LOG_TO_DATE_FILTER, readRobotLogFilters, type RobotLogFilters } from './robotLogFilters';

export interface RobotLogsLoaderData {
  filters: RobotLogFilters;
  result: Loaded<components['schemas']['RobotLogsList']>;
}

export interface RobotLogChartLoaderData {
  filters: RobotLogFilters;
  result: Loaded<ChartData>;
}

export interface RobotLogQuery {
  list: ListQueryHandle;
  /** The filters the controls show: the query at once, while the data waits for its loader. */
  filters: RobotLogFilters;
  /** The loader is fetching this page's data for newer filters. */
  reloading: boolean;
  search: string;
  filterBar: Omit<RobotLogFilterBarProps, 'showGroupBy'>;
}

/**
 * The robot log's filters on the listQuery statechart (spec part 2 §4): in the address, defaults left
 * out, back to page 1 on any change, the message debounced 1000 ms and the to-date 200 ms. The route's
 * loader reads the same address, so the data follows.
 */
export function useRobotLogQuery(): RobotLogQuery {
  const navigation = useNavigation();
  const location = useLocation();
  const list = useListQuery({ defaults: ROBOT_LOG_QUERY_DEFAULTS, textFilter: ROBOT_LOG_TEXT_FILTER, toDateFilter: ROBOT_LOG_TO_DATE_FILTER });
  const filters = readRobotLogFilters(new URLSearchParams(list.query));
  const { group_id, member_id, exec_id, robot_version } = list.query;
  return {
    list,
    filters,
    reloading: navigation.state === 'loading' && navigation.location?.pathname === location.pathname,
    search: location.search,
    filterBar: {
      filters,
      raw: { group_id, member_id, exec_id, robot_version },
      typedMessage: list.typedText,
      pickedTo: list.pickedToDate,
      onFilterChange: list.setFilter,
      onMessageTyped: list.typeText,
      onToPicked: list.pickToDate,
      onReset: list.reset,
    },
  };
}
