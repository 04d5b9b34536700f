import { afterEach, expect } from 'vitest';
import { takeCspViolations } from './browser';

// Every page an e2e test opens runs under the Content-Security-Policy the server sends: a test
// passes only if nothing on its pages was blocked by it.
afterEach(() => {
  expect(takeCspViolations(), 'Content-Security-Policy violations').toEqual([]);
});
