import { describe, expect, it } from 'vitest';
import { settingsOverLimit } from '../../../rules/groupSettings';

const FREE = { engagement_sync_days_back: 10, engagement_sync_posts_back: 10 };

describe('engagement-sync values above the group limit (spec part 2 §5)', () => {
  it('names the days or posts above the limit, and lets the limit itself through', () => {
    expect(settingsOverLimit({ engagement_sync_days_back: 10, engagement_sync_posts_back: 1 }, FREE)).toEqual([]);
    expect(settingsOverLimit({ engagement_sync_days_back: 11 }, FREE)).toEqual(['engagement_sync_days_back']);
    expect(settingsOverLimit({ engagement_sync_days_back: 200, engagement_sync_posts_back: 11 }, FREE)).toEqual([
      'engagement_sync_days_back',
      'engagement_sync_posts_back',
    ]);
  });

  it('leaves the settings the plan does not limit alone', () => {
    expect(settingsOverLimit({}, FREE)).toEqual([]);
    expect(settingsOverLimit({ engagement_sync_posts_back: 200 }, { ...FREE, engagement_sync_posts_back: 200 })).toEqual([]);
  });
});
