import type { LoaderFunctionArgs, ShouldRevalidateFunctionArgs } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { AppDeps } from '../../../src/app/appDeps';
import { boundToSession } from '../../../src/app/loaders/signedInLoaders';

/** Just enough of the session actor for the rule: its snapshot's token. */
function depsWithToken(initial: string) {
  const state = { token: initial };
  const session = { getSnapshot: () => ({ context: { token: state.token } }) };
  return { deps: { session } as unknown as AppDeps, state };
}

const args = (current: string, next: string, defaultShouldRevalidate = true) =>
  ({ currentUrl: new URL(current, 'http://x'), nextUrl: new URL(next, 'http://x'), defaultShouldRevalidate }) as ShouldRevalidateFunctionArgs;

async function loaded(ignoresSearch: boolean, token = 'token-a') {
  const { deps, state } = depsWithToken(token);
  const bound = boundToSession(deps, async () => 'data', { ignoresSearch });
  await bound.loader({} as LoaderFunctionArgs);
  return { bound, state };
}

describe('the revalidation rule of session-bound loaders', () => {
  it('follows the address search by default', async () => {
    const { bound } = await loaded(false);
    expect(bound.shouldRevalidate(args('/1/posts', '/1/posts?search=a'))).toBe(true);
  });

  it('does not load again for a search-only change when the data ignores the search', async () => {
    const { bound } = await loaded(true);
    expect(bound.shouldRevalidate(args('/1/members', '/1/members?page=2'))).toBe(false);
    expect(bound.shouldRevalidate(args('/1/members', '/1/members/inactive'))).toBe(true);
    expect(bound.shouldRevalidate(args('/1/members?page=2', '/1/members?page=2'))).toBe(true);
    expect(bound.shouldRevalidate(args('/1/members?page=2', '/1/members?page=2', false))).toBe(false);
  });

  it('always loads again once the session token changed, search-only or not', async () => {
    const { bound, state } = await loaded(true);
    state.token = 'token-b';
    expect(bound.shouldRevalidate(args('/1/members', '/1/members?page=2', false))).toBe(true);
  });
});
