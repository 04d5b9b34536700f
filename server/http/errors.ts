export type ErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'banned'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'limit_exceeded'
  | 'payment_failed'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'too_many_requests'
  | 'not_implemented'
  | 'internal'
  | 'upstream_bad_answer'
  | 'upstream_unreachable';

const STATUS_OF: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  payment_failed: 402,
  banned: 403,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  limit_exceeded: 422,
  too_many_requests: 429,
  internal: 500,
  not_implemented: 501,
  upstream_bad_answer: 502,
  upstream_unreachable: 503,
};

export const BANNED_MESSAGE = 'Your account has been flagged for policy violations.';

export const SWITCHED_SESSION_MESSAGE =
  'Signed in as another user, you cannot change their payment details or open friendFilter as them: only they can.';

/** The contract's limit on an error message. */
export const MAX_MESSAGE_LENGTH = 2000;
const MAX_QUOTED_FIELD_LENGTH = 100;

/** A field's name quoted for a message, cut short when a caller sent a very long one (details.field keeps it whole). */
export function quotedField(field: string): string {
  return field.length > MAX_QUOTED_FIELD_LENGTH ? `'${field.slice(0, MAX_QUOTED_FIELD_LENGTH)}…'` : `'${field}'`;
}

/** An expected failure that leaves the server as the contract's error shape. */
export class ApiError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message.length > MAX_MESSAGE_LENGTH ? `${message.slice(0, MAX_MESSAGE_LENGTH - 1)}…` : message);
    this.statusCode = STATUS_OF[code];
  }

  toBody() {
    return { error: { code: this.code, message: this.message, ...(this.details === undefined ? {} : { details: this.details }) } };
  }
}

export const notFound = (what = 'Not found') => new ApiError('not_found', what);
export const banned = () => new ApiError('banned', BANNED_MESSAGE);
export const switchedSessionRefused = () => new ApiError('forbidden', SWITCHED_SESSION_MESSAGE, { reason: 'switched_session' });
export const unauthorized = (message = 'Sign in to continue') => new ApiError('unauthorized', message);
