import type { FastifyRequest } from 'fastify';

const PLAIN_HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * Our own images (the sandbox's avatars and pictures) are stored as paths; answers carry absolute
 * URLs, as the contract's `format: uri` says, on the origin the caller reached us at.
 */
export function publicUrl(request: FastifyRequest, url: string | null): string | null {
  if (url === null || !url.startsWith('/') || !PLAIN_HOST.test(request.host)) return url;
  return `${request.protocol}://${request.host}${url}`;
}

/**
 * The inverse of publicUrl, for images a client sends back (the sandbox robot reports the URLs our
 * answers gave it): a URL on the origin the request reached us at is stored as its path again.
 */
export function storedImageUrl(request: FastifyRequest, url: string | null | undefined): string | null {
  if (url === undefined || url === null) return null;
  const origin = `${request.protocol}://${request.host}`;
  return url.startsWith(`${origin}/`) ? url.slice(origin.length) : url;
}
