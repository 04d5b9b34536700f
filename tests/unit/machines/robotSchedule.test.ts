import { describe, expect, it } from 'vitest';
import type { ScheduledJob } from '../../../machines/robot/actors';
import { NO_WEEKDAYS } from '../../../rules/schedule';
import { firedAt, firedSlotKey, planScheduledRun, scheduledWait } from '../../../machines/robot/schedule';
import { SPEC_MAX_SCHEDULE_WAIT_MS } from '../../support/spec-numbers';
import { ROBOT_GROUP } from '../../../src/app/shell/fixtures';

const at = (iso: string) => Date.parse(iso);
const engagementsAfterMembers = (nextRunAt: string): ScheduledJob => ({
  group_id: ROBOT_GROUP.id,
  name: 'fetch_group_posts',
  next_run_at: nextRunAt,
  config: { enabled: true, scheduled: 'afterJob', everyDay: '12:00:00', afterJob: 'fetch_group_members', ...NO_WEEKDAYS, humanName: 'Sync Engagements' },
});
const membersEveryDay: ScheduledJob = {
  group_id: ROBOT_GROUP.id,
  name: 'fetch_group_members',
  next_run_at: null,
  config: { enabled: true, scheduled: 'everyDay', everyDay: '07:35:00', afterJob: null, ...NO_WEEKDAYS, humanName: 'Sync Members' },
};
const view = { groups: [ROBOT_GROUP], fired: {}, since: null };

describe("the robot's next scheduled run", () => {
  it('leaves out the jobs of groups the robot does not work for', () => {
    expect(planScheduledRun({ ...view, groups: [], jobs: [membersEveryDay], now: at('2024-06-03T07:00:00Z') }).run).toBeNull();
  });

  it('runs Sync Engagements once for the completions of Sync Members before it started, late as it was', () => {
    const late = { group: ROBOT_GROUP, name: 'fetch_group_posts' as const, at: at('2024-06-03T07:39:00Z'), plannedAt: at('2024-06-03T07:39:00Z') };
    const fired = { [firedSlotKey({ groupId: ROBOT_GROUP.id, name: 'fetch_group_posts' })]: firedAt(late, at('2024-06-03T07:45:00Z')) };
    const now = at('2024-06-03T07:46:00Z');
    expect(planScheduledRun({ ...view, fired, jobs: [engagementsAfterMembers('2024-06-03T07:44:00.000Z')], now }).run).toBeNull();
    expect(planScheduledRun({ ...view, fired, jobs: [engagementsAfterMembers('2024-06-03T07:45:30.000Z')], now }).run).toMatchObject({ name: 'fetch_group_posts' });
  });

  it('waits until the run, at most a few minutes before it looks again', () => {
    const now = at('2024-06-03T07:34:00Z');
    expect(scheduledWait(planScheduledRun({ ...view, jobs: [membersEveryDay], now }).run)).toBe(60_000);
    expect(scheduledWait(planScheduledRun({ ...view, jobs: [membersEveryDay], now: at('2024-06-03T06:00:00Z') }).run)).toBe(SPEC_MAX_SCHEDULE_WAIT_MS);
    expect(scheduledWait(null)).toBe(SPEC_MAX_SCHEDULE_WAIT_MS);
  });
});
