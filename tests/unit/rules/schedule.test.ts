import { describe, expect, it } from 'vitest';
import { DEFAULT_GROUP_SCHEDULE } from '../../../server/db/group-defaults';
import { nextRunAt } from '../../../rules/schedule';

const members = { ...DEFAULT_GROUP_SCHEDULE.fetch_group_members, enabled: true };
const posts = { ...DEFAULT_GROUP_SCHEDULE.fetch_group_posts, enabled: true };
// A Wednesday.
const NOW = new Date('2026-06-03T10:00:00Z');

describe('when a scheduled robot job runs next', () => {
  it('never, while disabled', () => {
    expect(nextRunAt({ ...members, enabled: false }, NOW)).toBeNull();
  });

  it('every day at its time: later today, or tomorrow once the time has passed', () => {
    expect(nextRunAt({ ...members, everyDay: '12:00:00' }, NOW)).toEqual(new Date('2026-06-03T12:00:00Z'));
    expect(nextRunAt({ ...members, everyDay: '10:00:00' }, NOW)).toEqual(new Date('2026-06-04T10:00:00Z'));
  });

  it('on chosen weekdays at their time, looking a week ahead', () => {
    const perWeekdays = { ...members, scheduled: 'perWeekdays' as const };
    expect(nextRunAt({ ...perWeekdays, perWeekdays3: '18:30:00' }, NOW)).toEqual(new Date('2026-06-03T18:30:00Z'));
    expect(nextRunAt({ ...perWeekdays, perWeekdays3: '08:00:00' }, NOW)).toEqual(new Date('2026-06-10T08:00:00Z'));
    expect(nextRunAt({ ...perWeekdays, perWeekdays1: '07:05:00', perWeekdays5: '07:05:00' }, NOW)).toEqual(new Date('2026-06-05T07:05:00Z'));
    expect(nextRunAt(perWeekdays, NOW)).toBeNull();
  });

  it('after another job: due once that job completed since it last ran itself', () => {
    const completed = new Date('2026-06-03T09:00:00Z');
    expect(nextRunAt(posts, NOW, { lastCompletedAt: completed, followerLastStartedAt: new Date('2026-06-02T09:30:00Z') })).toEqual(completed);
    expect(nextRunAt(posts, NOW, { lastCompletedAt: completed, followerLastStartedAt: null })).toEqual(completed);
    expect(nextRunAt(posts, NOW, { lastCompletedAt: completed, followerLastStartedAt: new Date('2026-06-03T09:01:00Z') })).toBeNull();
    expect(nextRunAt(posts, NOW, { lastCompletedAt: null, followerLastStartedAt: null })).toBeNull();
  });
});
