import type { ShouldRevalidateFunctionArgs } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { AppDeps } from '../../../src/app/appDeps';
import { createConnectionsLoader } from '../../../src/app/loaders/groupLoaders';

const update = (current: string, next: string) =>
  ({ currentUrl: new URL(current, 'http://x'), nextUrl: new URL(next, 'http://x'), defaultShouldRevalidate: false }) as ShouldRevalidateFunctionArgs;

describe('the connections route guard', () => {
  it('checks the group again on every update of the route, even where the router would not load again', () => {
    const { shouldRevalidate } = createConnectionsLoader({} as AppDeps);
    for (const [current, next] of [
      ['/1/connections', '/1/connections/stripe'],
      ['/1/connections/stripe', '/1/connections/stripe?list=approved'],
      ['/1/connections/stripe', '/1/connections/stripe'],
    ]) {
      expect(shouldRevalidate(update(current, next))).toBe(true);
    }
  });
});
