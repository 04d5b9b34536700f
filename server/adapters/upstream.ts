import Stripe from 'stripe';

/**
 * How long a call to a service the server depends on (the social network's sign-in, the payment
 * provider, the affiliate service) may take, its answer included, before it counts as unreachable.
 */
export const UPSTREAM_TIMEOUT_MS = 10_000;

/** The services the server calls while it answers a request. */
export type UpstreamService = 'sign_in' | 'payments' | 'affiliates';

/**
 * `unreachable`: no answer in time (refused, reset, timed out); `bad_answer`: an answer that is
 * a server error or cannot be read (HTML, truncated JSON).
 */
export type UpstreamFailure = 'unreachable' | 'bad_answer';

/** A service the server depends on failed to answer a call, through no fault of the request. */
export class UpstreamError extends Error {
  constructor(
    readonly service: UpstreamService,
    readonly failure: UpstreamFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * A JSON answer by fetch, bounded by the timeout: no answer in time is `unreachable`; a 5xx, or
 * an answer that is not a JSON object or array (none at all but for a 204), is `bad_answer`.
 * Other statuses are the caller's to read. Errors name the URL's path only, never its query.
 */
export async function fetchJson(
  service: UpstreamService,
  url: string,
  init: RequestInit & { timeoutMs: number },
): Promise<{ status: number; json: unknown }> {
  const { timeoutMs, ...request } = init;
  const call = `${request.method ?? 'GET'} ${new URL(url).pathname}`;
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { ...request, signal: AbortSignal.timeout(timeoutMs) });
    text = await response.text();
  } catch (error) {
    throw new UpstreamError(service, 'unreachable', `${call} got no answer within ${timeoutMs} ms`, { cause: error });
  }
  const { status } = response;
  const badAnswer = (what: string, cause?: unknown) =>
    new UpstreamError(service, 'bad_answer', `${call} answered ${status} ${what}: ${text.slice(0, 200)}`, { cause });
  if (status >= 500) throw badAnswer('(a server error)');
  if (status === 204) return { status, json: undefined };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw badAnswer('with what is not JSON', error);
  }
  if (typeof json !== 'object' || json === null) throw badAnswer('with JSON that is neither an object nor an array');
  return { status, json };
}

/**
 * The upstream failure an error is, or undefined when it is not one: an UpstreamError, or the
 * payment provider's client failing to reach Stripe (a connection error or timeout) or to read
 * its answer (Stripe's own server errors, an answer that is not JSON).
 */
export function upstreamFailureOf(error: unknown): UpstreamError | undefined {
  if (error instanceof UpstreamError) return error;
  if (error instanceof Stripe.errors.StripeConnectionError) return new UpstreamError('payments', 'unreachable', error.message, { cause: error });
  if (error instanceof Stripe.errors.StripeAPIError) return new UpstreamError('payments', 'bad_answer', error.message, { cause: error });
  return undefined;
}
