import type { Schemas } from './contract';

export type EngagementSyncLimits = Schemas['GroupLimits'];

/** The settings a group's plan limits (part 2 §5: the days and posts sliders, capped by the group limit). */
export const LIMITED_SYNC_SETTINGS = ['engagement_sync_days_back', 'engagement_sync_posts_back'] as const satisfies readonly (keyof EngagementSyncLimits)[];

/** The limited settings of a change that go above the group's limit; none when it fits. */
export function settingsOverLimit(change: Partial<Record<keyof EngagementSyncLimits, number>>, limits: EngagementSyncLimits): (keyof EngagementSyncLimits)[] {
  return LIMITED_SYNC_SETTINGS.filter((key) => {
    const value = change[key];
    return value !== undefined && value > limits[key];
  });
}
