import { describe, expect, it } from 'vitest';
import { toSearchParams } from '../../../../machines/listQuery/query';
import {
  ROBOT_LOG_QUERY_DEFAULTS,
  browseQuery,
  chartQuery,
  isFiltered,
  readRobotLogFilters,
  readRobotVersions,
} from '../../../../src/features/superadmin/ops/robotLogFilters';

const read = (search: string) => readRobotLogFilters(new URLSearchParams(search));

describe('the robot log filters in the address (spec part 2 §3, §9)', () => {
  it('know every filter of the robot log filter set, and no other', () => {
    expect(Object.keys(ROBOT_LOG_QUERY_DEFAULTS).sort()).toEqual(
      ['group_id', 'member_id', 'robot_version', 'level', 'message', 'exec_id', 'from', 'to', 'order', 'order_by', 'group_by', 'page', 'per_page', 'chart_variant'].sort(),
    );
  });

  it('default to every level, 25 a page, the message chart, newest first, and leave the defaults out of the address', () => {
    expect(read('')).toMatchObject({ level: 'all', perPage: 25, page: 1, chartVariant: 'message', groupBy: [], robotVersions: [], from: null, to: null });
    expect(toSearchParams({ ...ROBOT_LOG_QUERY_DEFAULTS }, ROBOT_LOG_QUERY_DEFAULTS).toString()).toBe('');
    expect(toSearchParams({ ...ROBOT_LOG_QUERY_DEFAULTS, level: 'error' }, ROBOT_LOG_QUERY_DEFAULTS).toString()).toBe('level=error');
  });

  it('take the levels all, error, warning and debug, the group_by keys and the chart variants of the spec, and nothing else', () => {
    for (const level of ['all', 'error', 'warning', 'debug']) expect(read(`level=${level}`).level).toBe(level);
    expect(read('level=info').level).toBe('all');
    expect(read('group_by=user_id|robot_version|nonsense|group_id').groupBy).toEqual(['robot_version', 'user_id', 'group_id']);
    for (const variant of ['message', 'groups', 'users']) expect(read(`chart_variant=${variant}`).chartVariant).toBe(variant);
    expect(read('chart_variant=pie').chartVariant).toBe('message');
  });

  it('offer 25, 50 and 100 a page', () => {
    expect([25, 50, 100].map((perPage) => read(`per_page=${perPage}`).perPage)).toEqual([25, 50, 100]);
    expect(read('per_page=30').perPage).toBe(25);
  });

  it('drop what the server would refuse: ids that are not ids, days that do not exist, a from after its to', () => {
    expect(read('group_id=abc&member_id=0&page=-2')).toMatchObject({ groupId: null, memberId: null, page: 1 });
    expect(read('group_id=12&member_id=99')).toMatchObject({ groupId: 12, memberId: 99 });
    expect(read('from=2026-02-30&to=2026-03-04')).toMatchObject({ from: null, to: '2026-03-04' });
    expect(read('from=2026-03-05&to=2026-03-04')).toMatchObject({ from: null, to: null });
  });

  it('read robot versions typed with commas, spaces or pipes, keeping only versions', () => {
    expect(readRobotVersions('2.4.0, 2.3.1|2.4.0 beta 3')).toEqual(['2.4.0', '2.3.1', '3']);
    expect(read('robot_version=2.4.0|x|2.3').robotVersions).toEqual(['2.4.0', '2.3']);
  });
});

describe('the robot log calls', () => {
  it('send the browse filters with dates as YYYY-MM-DD and lists as lists, defaults left out', () => {
    expect(browseQuery(read(''))).toEqual({ page: 1, per_page: 25 });
    expect(
      browseQuery(read('level=error&message=timeout&group_id=3&member_id=8&exec_id=abc&robot_version=2.4.0|2.3.1&from=2026-03-01&to=2026-03-04&order=asc&order_by=level&page=2&per_page=50')),
    ).toEqual({
      level: 'error',
      message: 'timeout',
      group_id: 3,
      member_id: 8,
      exec_id: 'abc',
      robot_version: ['2.4.0', '2.3.1'],
      from: '2026-03-01',
      to: '2026-03-04',
      order: 'asc',
      order_by: 'level',
      page: 2,
      per_page: 50,
    });
  });

  it('ask for groups instead of an order when grouping', () => {
    expect(browseQuery(read('group_by=robot_version|group_id&order=asc'))).toEqual({ group_by: ['robot_version', 'group_id'], page: 1, per_page: 25 });
  });

  it('send the chart the same filters and its variant, without paging or grouping', () => {
    expect(chartQuery(read('level=warning&chart_variant=users&group_by=user_id&page=3&from=2026-03-01'))).toEqual({ level: 'warning', chart_variant: 'users', from: '2026-03-01' });
    expect(chartQuery(read(''))).toEqual({});
  });

  it('have something to reset once any filter but the page is chosen', () => {
    expect(isFiltered(read('page=4'))).toBe(false);
    expect(isFiltered(read('level=debug'))).toBe(true);
    expect(isFiltered(read('per_page=50'))).toBe(true);
  });
});
