import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './errors';
import { frameworkRefusal } from './framework-refusals';
import { validationError } from './validation';

/** Every failure leaves as `{ error: { code, message, details? } }`; unexpected ones never leak their text. */
export function replyWithError(error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply) {
  const apiError = toApiError(error);
  if (apiError.statusCode >= 500 && apiError.code !== 'not_implemented') {
    request.log.error({ err: error }, 'request failed');
  }
  return reply.status(apiError.statusCode).send(apiError.toBody());
}

function toApiError(error: FastifyError | ApiError): ApiError {
  if (error instanceof ApiError) return error;
  if (error.validation) return validationError(error.validation, error.validationContext ?? 'body');
  const refusal = frameworkRefusal(error);
  if (refusal) return refusal;
  const status = error.statusCode ?? 500;
  if (status === 404) return new ApiError('not_found', 'Not found');
  if (status >= 400 && status < 500) return new ApiError('bad_request', error.message, { code: error.code });
  return new ApiError('internal', 'Something went wrong on our side; please try again');
}
