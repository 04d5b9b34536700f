import { pathTo } from '../app/routes';
import type { IdentityAdapter } from './types';

/** Sandbox sign-in: the button opens the page listing the sandbox world's accounts. */
export function createSandboxIdentity(): IdentityAdapter {
  return {
    prepare: () => {},
    signIn: () => Promise.resolve({ kind: 'redirect', to: pathTo('sandbox_sign_in') }),
  };
}
