import type { FastifyRequest } from 'fastify';
import type { MembershipRole } from '../db/enums';
import type { ScannedPost } from '../domain/ingest-posts';
import type { ScannedPerson } from '../domain/network-people';
import { isNetworkImageUrl } from '../http/network-images';
import { storedImageUrl } from '../http/public-url';
import { isSandboxImagePath } from '../sandbox/avatars';

/** The robot's bodies as the contract shapes them (NetworkGroup, NetworkAdmin, NetworkMember, NetworkPost). */
export interface NetworkPersonBody {
  fb_user_id: string;
  name: string;
  fb_username?: string | null;
  avatar_url?: string | null;
  bio?: string | null;
  is_banned?: boolean;
  role?: MembershipRole;
}

export interface NetworkGroupBody {
  fb_group_id: string;
  fb_slug?: string | null;
  name: string;
  avatar_url?: string | null;
  role: MembershipRole;
}

export interface NetworkPostBody {
  fb_post_id: string;
  posted_at: string;
  text?: string | null;
  picture?: string | null;
  author: NetworkPersonBody | null;
  reactions: Array<{ fb_user_id: string; name: string }>;
  comments: Array<{ fb_comment_id: string; fb_user_id: string; name: string; commented_at: string }>;
}

/**
 * An image URL a robot reported, as we store it: our own sandbox images as their paths, https URLs
 * on the network's image hosts as they are, anything else as null (an app page never loads an
 * image from a host a client chose).
 */
export function reportedImageUrl(request: FastifyRequest, url: string | null | undefined): string | null {
  const stored = storedImageUrl(request, url);
  if (stored === null) return null;
  return isSandboxImagePath(stored) || isNetworkImageUrl(stored) ? stored : null;
}

/** A person with the image rule applied to their avatar. */
export function scannedPerson<T extends NetworkPersonBody>(request: FastifyRequest, person: T): T & ScannedPerson {
  return person.avatar_url === undefined ? person : { ...person, avatar_url: reportedImageUrl(request, person.avatar_url) };
}

export function scannedPost(request: FastifyRequest, post: NetworkPostBody): ScannedPost {
  return {
    fb_post_id: post.fb_post_id,
    posted_at: new Date(post.posted_at),
    text: post.text ?? null,
    picture: reportedImageUrl(request, post.picture),
    author: post.author ? scannedPerson(request, post.author) : null,
    reactions: post.reactions,
    comments: post.comments.map((comment) => ({ ...comment, commented_at: new Date(comment.commented_at) })),
  };
}
