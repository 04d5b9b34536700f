import { createSandboxWorld, type SandboxWorld } from '../../../server/sandbox/world';

export const TEST_NOW = new Date('2026-03-15T12:00:00Z');

export function testWorld(options: { seed?: number; scale?: number } = {}): SandboxWorld {
  return createSandboxWorld({ seed: options.seed ?? 7, scale: options.scale ?? 0.05, now: TEST_NOW });
}
