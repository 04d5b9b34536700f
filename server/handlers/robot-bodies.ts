import type { FastifyRequest } from 'fastify';
import type { components } from '../../src/api/schema';
import type { ScannedPost } from '../domain/ingest-posts';
import type { ScannedPerson } from '../domain/network-people';
import { isNetworkImageUrl } from '../http/network-images';
import { storedImageUrl } from '../http/public-url';
import { isSandboxImagePath } from '../sandbox/avatars';

type Schemas = components['schemas'];
/** A person of a robot's report: a post's author, a group admin or a member. */
type NetworkPersonBody = Schemas['NetworkPerson'] | Schemas['NetworkAdmin'] | Schemas['NetworkMember'];

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

export function scannedPost(request: FastifyRequest, post: Schemas['NetworkPost']): ScannedPost {
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
