import { createFacebookIdentity, type FacebookWindow } from './facebookIdentity';
import { createSandboxIdentity } from './sandboxIdentity';
import type { IdentityAdapter } from './types';

/** GET /status says whether the server runs the sandbox world; the sign-in follows it. */
export function chooseIdentity(sandbox: boolean, page: FacebookWindow, facebookAppId: string | null): IdentityAdapter {
  return sandbox ? createSandboxIdentity() : createFacebookIdentity(page, facebookAppId);
}
