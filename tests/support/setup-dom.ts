import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Vitest globals are off, so Testing Library cannot register its own cleanup between tests.
afterEach(() => cleanup());

// findBy and waitFor wait for rendering, never for a rule (rules run on fake timers): on a busy
// machine a whole-app render can take seconds, so they wait up to 10 s instead of 1 s.
configure({ asyncUtilTimeout: 10_000 });
