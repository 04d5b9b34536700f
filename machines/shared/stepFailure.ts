import { ErrorAnswer } from '../../src/api/envelope';
import { failureReason } from '../../src/api/failureReason';
import { RobotError } from '../../src/robot/protocol';

/** Why a step's work did not finish, in a form the views can word. */
export type StepFailure =
  | { source: 'robot'; code: RobotError['code']; message: string }
  | { source: 'server'; message: string }
  | { source: 'unexpected'; message: string };

/** A robot command that threw: the robot's own reason, or a fault in the app. */
export function robotFailureOf(error: unknown): StepFailure {
  if (error instanceof RobotError) return { source: 'robot', code: error.code, message: error.message };
  return unexpectedFailureOf(error);
}

export function unexpectedFailureOf(error: unknown): StepFailure {
  return { source: 'unexpected', message: error instanceof Error ? error.message : String(error) };
}

export function serverFailureOf(error: unknown, response: Response | undefined): StepFailure {
  return { source: 'server', message: failureReason(error, response) };
}

/** An API call's answer, with a network failure turned into an answer without data. */
export async function answerOf<T>(call: () => Promise<{ data?: T; error?: unknown; response: Response }>) {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ErrorAnswer) return { data: undefined, error: error.body, response: error.response };
    return { data: undefined, error, response: undefined };
  }
}
