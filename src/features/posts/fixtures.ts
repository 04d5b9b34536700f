import type { Post } from './loadPosts';

const longText = Array.from(
  { length: 12 },
  (_, line) => `Line ${line + 1}: trail report from the weekend run, with notes on the climb, the weather and who brought snacks.`,
).join('\n');

export const samplePosts: Post[] = [
  {
    id: 1,
    fb_post_id: '1029384756',
    group_id: 7,
    member_id: 11,
    posted_at: '2026-03-01T15:05:00Z',
    text: longText,
    picture: null,
    member_name: 'Ada Runner',
    comments_count: 12,
    reactions_count: 48,
  },
  {
    id: 2,
    fb_post_id: '1029384757',
    group_id: 7,
    member_id: 12,
    posted_at: '2026-03-02T08:30:00Z',
    text: 'Who is in for the Sunday long run?',
    picture: null,
    member_name: 'Grace Hill',
    comments_count: 1,
    reactions_count: 1,
  },
  {
    id: 3,
    fb_post_id: '1029384758',
    group_id: 7,
    member_id: null,
    posted_at: '2026-03-03T21:45:00Z',
    text: null,
    picture: null,
    member_name: null,
    comments_count: 0,
    reactions_count: 3,
  },
];
