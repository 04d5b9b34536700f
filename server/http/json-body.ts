import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors';

/** Deeper than any body of the contract; a deeper one is refused before it is parsed. */
export const MAX_BODY_DEPTH = 32;

const QUOTE = 34;
const BACKSLASH = 92;
const OPENERS = new Set([91, 123]);
const CLOSERS = new Set([93, 125]);

/** True when the JSON text nests arrays and objects deeper than the limit (read as text, strings skipped). */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === BACKSLASH) index += 1;
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) {
      inString = true;
    } else if (OPENERS.has(char)) {
      depth += 1;
      if (depth > limit) return true;
    } else if (CLOSERS.has(char)) {
      depth -= 1;
    }
  }
  return false;
}

/** The refusal of a body nested deeper than MAX_BODY_DEPTH, also when it arrives sealed in an envelope. */
export const tooDeep = () =>
  new ApiError('bad_request', `'body' nests arrays and objects deeper than ${MAX_BODY_DEPTH} levels`, {
    field: 'body',
    location: 'body',
    rule: 'max_depth',
  });

declare module 'fastify' {
  interface FastifyRequest {
    /** The body as it arrived, on the routes that verify a signature over it. */
    rawBody?: string;
  }
}

/**
 * Bodies are JSON and nothing else: the only parser left is Fastify's JSON parser (which refuses
 * `__proto__` and `constructor` keys), behind a depth check. Any other content type, or a body
 * without one, has no parser and answers 415, so no body ever reaches a route unvalidated. The
 * routes named in rawBodyRoutes (their URL patterns) also keep the text as it arrived.
 */
export function acceptOnlyJsonBodies(app: FastifyInstance, rawBodyRoutes: readonly string[] = []): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (nestsDeeperThan(text, MAX_BODY_DEPTH)) {
      done(tooDeep(), undefined);
      return;
    }
    if (rawBodyRoutes.includes(request.routeOptions.url ?? '')) request.rawBody = text;
    parseJson(request, text, done);
  });
}
