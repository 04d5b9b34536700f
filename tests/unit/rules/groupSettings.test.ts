import { describe, expect, it } from 'vitest';
import { exceedsLimit, followableJobOf, limitOf } from '../../../rules/groupSettings';
import { applyScheduleChange, runModesOf, SCHEDULE_TIMES, timeLabelOf } from '../../../machines/settings/schedule';
import { SCHEDULE } from '../../../src/features/settings/fixtures';
import { SPEC_SCHEDULE_MINUTE_STEP } from '../../support/spec-numbers';

const FREE = { engagement_sync_days_back: 10, engagement_sync_posts_back: 10 };

describe('the engagement-sync limits (spec part 2 §5)', () => {
  it('caps days and posts back by the plan, and nothing else', () => {
    expect(limitOf('engagement_sync_days_back', { ...FREE, engagement_sync_days_back: 25 })).toBe(25);
    expect(limitOf('engagement_sync_posts_back', FREE)).toBe(10);
    expect(limitOf('engagement_sync_reactions_per_post', FREE)).toBeNull();
    expect(limitOf('engagement_sync_comments_per_post', FREE)).toBeNull();
  });

  it('finds a value above the limit, not one at it', () => {
    expect(exceedsLimit('engagement_sync_posts_back', 11, FREE)).toBe(true);
    expect(exceedsLimit('engagement_sync_posts_back', 10, FREE)).toBe(false);
    expect(exceedsLimit('engagement_sync_reactions_per_post', 200, FREE)).toBe(false);
  });
});

describe('a job schedule (spec part 2 §3, §4, §9)', () => {
  const members = SCHEDULE.fetch_group_members;
  const posts = SCHEDULE.fetch_group_posts;

  it('lets only Sync Engagements run after another job: Sync Members', () => {
    expect(followableJobOf('fetch_group_posts')).toBe('fetch_group_members');
    expect(followableJobOf('fetch_group_members')).toBeNull();
    expect(runModesOf('fetch_group_members')).toEqual(['everyDay', 'perWeekdays']);
    expect(runModesOf('fetch_group_posts')).toEqual(['everyDay', 'perWeekdays', 'afterJob']);
    expect(applyScheduleChange('fetch_group_members', members, { kind: 'runs', scheduled: 'afterJob' })).toBe(members);
    expect(applyScheduleChange('fetch_group_posts', { ...posts, scheduled: 'everyDay', afterJob: null }, { kind: 'runs', scheduled: 'afterJob' })).toMatchObject({
      scheduled: 'afterJob',
      afterJob: 'fetch_group_members',
    });
    expect(applyScheduleChange('fetch_group_posts', posts, { kind: 'runs', scheduled: 'everyDay' })).toMatchObject({ scheduled: 'everyDay', afterJob: null });
  });

  it('starts a newly ticked weekday at 12:00:00 and clears an unticked one', () => {
    const monday = applyScheduleChange('fetch_group_members', members, { kind: 'weekday', day: 1, on: true });
    expect(monday.perWeekdays1).toBe('12:00:00');
    const later = applyScheduleChange('fetch_group_members', monday, { kind: 'weekdayTime', day: 1, time: '18:35:00' });
    expect(later.perWeekdays1).toBe('18:35:00');
    expect(applyScheduleChange('fetch_group_members', later, { kind: 'weekday', day: 1, on: false }).perWeekdays1).toBeNull();
    // A day that is off has no time to change.
    expect(applyScheduleChange('fetch_group_members', members, { kind: 'weekdayTime', day: 3, time: '18:35:00' })).toBe(members);
  });

  it('offers every time of day in 5-minute steps', () => {
    expect(SCHEDULE_TIMES).toHaveLength((24 * 60) / SPEC_SCHEDULE_MINUTE_STEP);
    expect(SCHEDULE_TIMES.slice(0, 3)).toEqual(['00:00:00', '00:05:00', '00:10:00']);
    expect(SCHEDULE_TIMES.at(-1)).toBe('23:55:00');
    expect(SCHEDULE_TIMES).toContain('12:00:00');
    expect(SCHEDULE_TIMES.every((time) => /^([01][0-9]|2[0-3]):[0-5][05]:00$/.test(time))).toBe(true);
    expect(timeLabelOf('06:30:00')).toBe('06:30');
  });
});
