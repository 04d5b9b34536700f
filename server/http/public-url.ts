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
