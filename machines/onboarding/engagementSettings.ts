import type { EngagementSyncSettings } from '../../src/robot/protocol';

/** The onboarding engagement scan (spec part 1 §9): by posts, 10 posts back, 100 reactions and 50 comments per post. */
export const ONBOARDING_ENGAGEMENT_SETTINGS: EngagementSyncSettings = {
  engagement_sync_lookbehind_by: 'posts',
  engagement_sync_days_back: 10,
  engagement_sync_posts_back: 10,
  engagement_sync_reactions_per_post: 100,
  engagement_sync_comments_per_post: 50,
};
