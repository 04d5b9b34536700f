import { addDays } from '../../ui/calendarDate';
import type { ChartData } from './loadChart';

function series(name: string, start: string, count: number, stepDays: number, value: (i: number) => number) {
  return {
    name,
    points: Array.from({ length: count }, (_, i) => ({ x: addDays(start, i * stepDays), y: value(i) })),
  };
}

export const membersChart: ChartData = {
  from: '2026-01-05',
  to: '2026-03-23',
  datasets: [
    series('active', '2026-01-05', 12, 7, (i) => 320 + i * 14),
    series('inactive', '2026-01-05', 12, 7, (i) => 180 - i * 6),
    series('whitelisted', '2026-01-05', 12, 7, (i) => 20 + (i % 3)),
    series('removed', '2026-01-05', 12, 7, (i) => i * 5),
  ],
};

export const activitiesChart: ChartData = {
  from: '2026-03-01',
  to: '2026-03-30',
  datasets: [
    series('posts', '2026-03-01', 30, 1, (i) => 3 + (i % 5)),
    series('reactions', '2026-03-01', 30, 1, (i) => 40 + ((i * 7) % 25)),
    series('comments', '2026-03-01', 30, 1, (i) => 12 + ((i * 3) % 10)),
  ],
};

export const emptyChart: ChartData = { from: '2026-03-01', to: '2026-03-30', datasets: [] };

/** A group connected this week: its members were first synced this week, its scan read two weeks of posts. */
export const justConnectedMembersChart: ChartData = {
  from: '2026-01-05',
  to: '2026-03-30',
  datasets: [
    series('active', '2026-03-30', 1, 7, () => 42),
    series('inactive', '2026-03-30', 1, 7, () => 310),
    series('whitelisted', '2026-03-30', 1, 7, () => 0),
    series('removed', '2026-03-30', 1, 7, () => 0),
  ],
};

export const justConnectedActivitiesChart: ChartData = {
  from: '2026-03-01',
  to: '2026-03-30',
  datasets: [
    series('posts', '2026-03-16', 13, 1, (i) => (i % 3 === 1 ? 0 : 1)),
    series('reactions', '2026-03-16', 13, 1, (i) => (i * 5) % 7),
    series('comments', '2026-03-16', 13, 1, (i) => (i * 3) % 4),
  ],
};
