import { ErrorAnswer } from './envelope';

/** A sentence for a call that did not succeed: the server's own error message when it sent one. */
export function failureReason(error: unknown, response: Response | undefined): string {
  if (error instanceof ErrorAnswer) return error.message;
  const message =
    typeof error === 'object' && error !== null && 'error' in error
      ? (error as { error: { message?: string } }).error.message
      : undefined;
  if (message) return message;
  return response ? `The server answered with HTTP ${response.status}.` : 'The server did not answer.';
}
