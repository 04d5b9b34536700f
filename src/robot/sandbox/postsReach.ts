import type { EngagementSyncSettings, NetworkPost } from '../protocol';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How far back an engagement scan reads, from the group's settings: a number of posts, or the
 * posts of a number of days (newest first, so the first older post ends the scan).
 */
export interface PostsReach {
  /** How many posts the scan reads at most; null when it reads back by days. */
  postsBack: number | null;
  /** Keeps the posts inside the reach; `ended` once a post lies beyond it. */
  take(posts: NetworkPost[], alreadyRead: number): { posts: NetworkPost[]; ended: boolean };
}

export function postsReach(settings: EngagementSyncSettings, now: Date): PostsReach {
  if (settings.engagement_sync_lookbehind_by === 'posts') {
    const postsBack = settings.engagement_sync_posts_back;
    return {
      postsBack,
      take: (posts, alreadyRead) => {
        const kept = posts.slice(0, Math.max(0, postsBack - alreadyRead));
        return { posts: kept, ended: alreadyRead + kept.length >= postsBack };
      },
    };
  }
  const since = now.getTime() - settings.engagement_sync_days_back * DAY_MS;
  return {
    postsBack: null,
    take: (posts) => {
      const kept = posts.filter((post) => Date.parse(post.posted_at) >= since);
      return { posts: kept, ended: kept.length < posts.length };
    },
  };
}
