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

/** The charset a content type names, lower-cased; undefined when it names none. */
export function charsetOf(contentType: string | undefined): string | undefined {
  return /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(contentType ?? '')?.[1]?.toLowerCase();
}

/** UTF-8 by its name and its common alias. */
const UTF_8_NAMES = new Set(['utf-8', 'utf8']);

/** The refusal of a JSON body in any charset but UTF-8, the only one JSON is read in. */
const notUtf8 = (charset: string) =>
  new ApiError('unsupported_media_type', `Send the request body as JSON in UTF-8 (charset=utf-8), not in charset '${charset.slice(0, 40)}'`, {
    field: 'content-type',
    location: 'headers',
    rule: 'charset',
  });

declare module 'fastify' {
  interface FastifyRequest {
    /** The body as it arrived, on the routes that verify a signature over it. */
    rawBody?: string;
  }
}

/**
 * Bodies are JSON in UTF-8 and nothing else: the only parser left is Fastify's JSON parser (which
 * refuses `__proto__` and `constructor` keys), behind a depth check. Any other content type, or a
 * body without one, has no parser and answers 415, as does JSON in another charset, so no body
 * ever reaches a route unvalidated. The
 * routes named in rawBodyRoutes (their URL patterns) also keep the text as it arrived.
 */
export function acceptOnlyJsonBodies(app: FastifyInstance, rawBodyRoutes: readonly string[] = []): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const charset = charsetOf(request.headers['content-type']);
    if (charset !== undefined && !UTF_8_NAMES.has(charset)) {
      done(notUtf8(charset), undefined);
      return;
    }
    const text = body.toString();
    if (nestsDeeperThan(text, MAX_BODY_DEPTH)) {
      done(tooDeep(), undefined);
      return;
    }
    if (rawBodyRoutes.includes(request.routeOptions.url ?? '')) request.rawBody = text;
    parseJson(request, text, done);
  });
}
