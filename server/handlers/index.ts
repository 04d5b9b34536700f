import type { HandlerContext, HandlerGroup } from './types';
import { sandboxHandlers } from './sandbox';
import { sessionHandlers } from './session';
import { statusHandlers } from './status';

/** Every built operation's handler by operationId; the rest answer 501 until their feature lands. */
export function createHandlers(context: HandlerContext): HandlerGroup {
  return {
    ...statusHandlers(context),
    ...sessionHandlers(context),
    ...sandboxHandlers(context),
  };
}
