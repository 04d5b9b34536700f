import type { ServerConfig } from '../config';
import { createSandboxWorld, type SandboxWorld } from './world';

/**
 * The sandbox network as the server serves it. Its layout (groups, people, ids, who is in which
 * group) depends on the seed and the scale only, so it is built once, on first use; its present
 * is the server's clock at each call, so posts and engagements keep appearing as time passes, as
 * on a real network. The seeded product data is a scan of this same network at seeding time
 * (same seed and scale), so a later scan finds the same members and posts plus what was
 * published since, and nothing about the network needs to be stored but removals.
 */
export function liveSandboxWorld(config: Pick<ServerConfig, 'sandboxSeed' | 'sandboxScale'>, now: () => Date): () => SandboxWorld {
  let layout: SandboxWorld | undefined;
  return () => {
    layout ??= createSandboxWorld({ seed: config.sandboxSeed, scale: config.sandboxScale, now: now() });
    return { ...layout, now: now() };
  };
}
