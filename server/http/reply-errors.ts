import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { upstreamFailureOf, type UpstreamError, type UpstreamService } from '../adapters/upstream';
import { ApiError } from './errors';
import { frameworkRefusal } from './framework-refusals';
import { validationError } from './validation';

/**
 * Every failure leaves as `{ error: { code, message, details? } }`; unexpected ones never leak
 * their text, nor do a failed service's (the log keeps it).
 */
export function replyWithError(error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply) {
  const apiError = toApiError(error);
  if (apiError.statusCode >= 500 && apiError.code !== 'not_implemented') {
    request.log.error({ err: error }, 'request failed');
  }
  return reply.status(apiError.statusCode).send(apiError.toBody());
}

/** How each service the server depends on is named to the user. */
const UPSTREAM_NAMES: Record<UpstreamService, string> = {
  sign_in: "Facebook's sign-in",
  payments: 'The payment service',
  affiliates: "The referral programme's service",
};

/** A service the server depends on that failed: 503 when it gave no answer in time, 502 when its answer was an error or unreadable. */
function upstreamRefusal({ service, failure }: UpstreamError): ApiError {
  const name = UPSTREAM_NAMES[service];
  return failure === 'unreachable'
    ? new ApiError('upstream_unreachable', `${name} could not be reached just now. Please try again in a few minutes.`, { service })
    : new ApiError('upstream_bad_answer', `${name} answered with an error just now. Please try again in a few minutes.`, { service });
}

function toApiError(error: FastifyError | ApiError): ApiError {
  if (error instanceof ApiError) return error;
  const upstream = upstreamFailureOf(error);
  if (upstream) return upstreamRefusal(upstream);
  if (error.validation) return validationError(error.validation, error.validationContext ?? 'body');
  const refusal = frameworkRefusal(error);
  if (refusal) return refusal;
  const status = error.statusCode ?? 500;
  if (status === 404) return new ApiError('not_found', 'Not found');
  if (status >= 400 && status < 500) return new ApiError('bad_request', error.message, { code: error.code });
  return new ApiError('internal', 'Something went wrong on our side; please try again');
}
