import { Card } from 'primereact/card';
import { DisplayDate } from '../../ui/DisplayDate';
import type { Post } from './loadPosts';
import { countOf } from '../../ui/plural';

export interface PostCardProps {
  post: Post;
  fbGroupId: string;
  zone?: string;
}

function postUrl(fbGroupId: string, fbPostId: string): string {
  return `https://www.facebook.com/groups/${encodeURIComponent(fbGroupId)}/posts/${encodeURIComponent(fbPostId)}`;
}

export function PostCard({ post, fbGroupId, zone }: PostCardProps) {
  return (
    <Card className="post-card">
      <article aria-label={`Post ${post.fb_post_id}`}>
        <header className="post-card__header">
          <a href={postUrl(fbGroupId, post.fb_post_id)} target="_blank" rel="noopener noreferrer">
            #{post.fb_post_id}
          </a>
          <DisplayDate iso={post.posted_at} zone={zone} />
        </header>
        {post.text ? <p className="post-card__text">{post.text}</p> : null}
        <footer className="post-card__footer">
          <span className="post-card__author">
            <span className="pi pi-user" aria-hidden="true" /> {post.member_name ?? 'Unknown member'}
          </span>
          <span>
            <span className="pi pi-comment" aria-hidden="true" /> {countOf(post.comments_count, 'comment')}
          </span>
          <span>
            <span className="pi pi-thumbs-up" aria-hidden="true" /> {countOf(post.reactions_count, 'reaction')}
          </span>
        </footer>
      </article>
    </Card>
  );
}
