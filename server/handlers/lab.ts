import { setToggle } from '../domain/toggles';
import { ApiError } from '../http/errors';
import type { HandlerContext, HandlerGroup } from './types';

type LabToggleName = 'extension_connected' | 'payment_provider_blocked' | 'login_disabled';

/** Switches that only exist in the sandbox world: the sandbox robot's connection and the sandbox payment provider. */
const SANDBOX_ONLY: ReadonlySet<LabToggleName> = new Set(['extension_connected', 'payment_provider_blocked']);

export function labHandlers({ db, config }: HandlerContext): HandlerGroup {
  return {
    async labSetToggle(request) {
      const { name, value } = request.body;
      if (SANDBOX_ONLY.has(name) && config.mode !== 'sandbox') {
        throw new ApiError('conflict', `${name} only exists in sandbox mode`, { reason: 'sandbox_only' });
      }
      await setToggle(db, name, value);
      return { ok: true, result: { name, value } };
    },
  };
}
